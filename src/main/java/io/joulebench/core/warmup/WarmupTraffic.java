package io.joulebench.core.warmup;

import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;

/**
 * What the warmup's traffic (the level's own rate and request shapes) delivered: the data an auto window length is
 * chosen from (#23).
 *
 * @param completed          requests that finished OK
 * @param failed             requests that ended otherwise (the warmup's own cancel included)
 * @param outputTokens       output tokens of the completed requests (the client's streamed deltas, as J/token)
 * @param outputTokensCv     CV of the completed requests' output tokens (0 with fewer than 2)
 * @param meanRequestSeconds mean time from dispatch to the last token of the completed requests
 * @param elapsedSeconds     how long the warmup ran
 */
public record WarmupTraffic(long completed, long failed, long outputTokens, double outputTokensCv,
                            double meanRequestSeconds, double elapsedSeconds) {

    /** Mean output tokens per completed request; 0 when none completed. */
    public double meanOutputTokens() {
        return completed == 0 ? 0 : (double) outputTokens / completed;
    }

    /** Output tokens per second seen over the warmup. */
    public double tokensPerSecond() {
        return elapsedSeconds > 0 ? outputTokens / elapsedSeconds : 0;
    }

    /** Counts the warmup's requests as they end; thread-safe (the traffic's threads report). */
    static final class Tally {
        private long completed;
        private long failed;
        private double tokens;
        private double tokensSquared;
        private double requestSeconds;

        synchronized void add(RequestRecord r) {
            if (r.status() != RequestStatus.OK) {
                failed++;
                return;
            }
            double n = r.result().tokenCount(); // the client's streamed deltas, as a window's J/token counts them
            completed++;
            tokens += n;
            tokensSquared += n * n;
            if (r.dispatchedAtNanos() != null && r.completedAtNanos() != null) {
                requestSeconds += (r.completedAtNanos() - r.dispatchedAtNanos()) / 1e9;
            }
        }

        synchronized WarmupTraffic result(double elapsedSeconds) {
            double mean = completed == 0 ? 0 : tokens / completed;
            double variance = completed < 2 ? 0 : Math.max(0, (tokensSquared - completed * mean * mean) / (completed - 1));
            return new WarmupTraffic(completed, failed, Math.round(tokens), mean > 0 ? Math.sqrt(variance) / mean : 0,
                    completed == 0 ? 0 : requestSeconds / completed, elapsedSeconds);
        }
    }
}

package io.joulebench.core.window;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.RequestWorkload;
import java.util.Collection;
import java.util.Locale;

/**
 * The one owner of a replay's fidelity (issue 30): what the server delivered beside what the trace asked, summed over
 * completed requests. A window's sums are in its {@link WindowMetrics#fidelity()} (windows.csv's
 * {@code input_tokens} and delivered ratios), a level's are its windows' sums, and the CLI, the live view and the
 * results browser render the one {@link #summary()} line. Delivered output is the server's
 * {@code usage.completion_tokens} where it reports them, else the client's streamed deltas; delivered input is
 * {@code usage.prompt_tokens}, so input is judged only where the server reports it.
 *
 * @param promptTokens        Σ server prompt tokens of completed requests that reported them
 * @param promptReported      whether any completed request reported its prompt tokens
 * @param inputAsked          Σ requested input tokens of completed requests that asked a length and reported prompts
 * @param inputDelivered      Σ server prompt tokens of those same requests
 * @param inputJudged         how many requests {@code inputAsked} sums
 * @param inputWithin         how many of them got prompt tokens within {@link #inputTolerance(int)} of the request
 * @param outputAsked         Σ requested output tokens of completed requests that asked a length
 * @param outputDelivered     Σ delivered output tokens of those same requests
 * @param outputJudged        how many requests {@code outputAsked} sums
 * @param outputExact         how many of them got exactly the output length asked
 * @param requestedInput      Σ requested input tokens of every completed request that asked a length
 * @param sharedPrefix        Σ of those requests' prompt tokens built identical to an earlier request's
 * @param cachePrompt         Σ server prompt tokens of requests that reported cached tokens
 * @param cached              Σ cached tokens they reported
 */
public record ReplayFidelity(long promptTokens, boolean promptReported, long inputAsked, long inputDelivered,
                             long inputJudged, long inputWithin, long outputAsked, long outputDelivered,
                             long outputJudged, long outputExact, long requestedInput, long sharedPrefix,
                             long cachePrompt, long cached) {

    /** Nothing folded in. */
    public static final ReplayFidelity EMPTY = new ReplayFidelity(0, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Prompt tokens within max(2 tokens, 2 %) of the requested length count as delivered as asked. */
    public static long inputTolerance(int requested) {
        return Math.max(2, Math.round(0.02 * requested));
    }

    /** One request's contribution: nothing unless it completed. */
    public static ReplayFidelity of(RequestRecord r) {
        CompletionResult c = r.result();
        RequestWorkload w = r.workload();
        return of(r.status() == RequestStatus.OK, w.requestedInputTokens(), w.requestedOutputTokens(),
                w.sharedPrefixTokens(), c.serverPromptTokens(),
                c.serverCompletionTokens() != null ? c.serverCompletionTokens().longValue() : c.tokenCount(),
                c.serverCachedTokens());
    }

    /**
     * One request's contribution from its figures (a live record's or a requests.csv row's): nothing unless it
     * completed ({@code ok}).
     *
     * @param delivered the output tokens delivered: usage.completion_tokens where reported, else the client's count
     */
    public static ReplayFidelity of(boolean ok, Integer askedIn, Integer askedOut, Integer shared, Integer prompt,
                                    long delivered, Integer cachedTokens) {
        if (!ok) {
            return EMPTY;
        }
        long p = prompt == null ? 0 : prompt;
        long reqIn = askedIn == null ? 0 : askedIn;
        boolean judgeInput = askedIn != null && prompt != null;
        boolean judgeOutput = askedOut != null;
        boolean cacheReported = cachedTokens != null && prompt != null;
        return new ReplayFidelity(p, prompt != null,
                judgeInput ? reqIn : 0, judgeInput ? p : 0, judgeInput ? 1 : 0,
                judgeInput && Math.abs(p - reqIn) <= inputTolerance(askedIn) ? 1 : 0,
                judgeOutput ? askedOut : 0, judgeOutput ? delivered : 0, judgeOutput ? 1 : 0,
                judgeOutput && delivered == askedOut ? 1 : 0,
                reqIn, askedIn == null || shared == null ? 0 : shared,
                cacheReported ? p : 0, cacheReported ? cachedTokens : 0);
    }

    /** The sums of both. */
    public ReplayFidelity plus(ReplayFidelity o) {
        return new ReplayFidelity(promptTokens + o.promptTokens, promptReported || o.promptReported,
                inputAsked + o.inputAsked, inputDelivered + o.inputDelivered, inputJudged + o.inputJudged,
                inputWithin + o.inputWithin, outputAsked + o.outputAsked, outputDelivered + o.outputDelivered,
                outputJudged + o.outputJudged, outputExact + o.outputExact, requestedInput + o.requestedInput,
                sharedPrefix + o.sharedPrefix, cachePrompt + o.cachePrompt, cached + o.cached);
    }

    /** The level's fidelity: the sums over its windows (null metrics count as nothing). */
    public static ReplayFidelity ofWindows(Collection<WindowRecord> windows) {
        ReplayFidelity sum = EMPTY;
        for (WindowRecord w : windows) {
            if (w.metrics() != null && w.metrics().fidelity() != null) {
                sum = sum.plus(w.metrics().fidelity());
            }
        }
        return sum;
    }

    /** Whether any request asked a length (a trace replay with the trace's lengths). */
    public boolean asked() {
        return inputJudged > 0 || outputJudged > 0 || requestedInput > 0;
    }

    /** The server's prompt tokens, or null when no completed request reported them. */
    public Long inputTokens() {
        return promptReported ? promptTokens : null;
    }

    /** Σ delivered / Σ requested input tokens; null when no request both asked a length and reported its prompt. */
    public Double inputDeliveredRatio() {
        return inputAsked > 0 ? (double) inputDelivered / inputAsked : null;
    }

    /** Σ delivered / Σ requested output tokens; null when no request asked a length. */
    public Double outputDeliveredRatio() {
        return outputAsked > 0 ? (double) outputDelivered / outputAsked : null;
    }

    /** The share of requested prompt tokens built identical to an earlier request's; null without requested input. */
    public Double sharedPrefixShare() {
        return requestedInput > 0 ? (double) sharedPrefix / requestedInput : null;
    }

    /** The share of prompt tokens the server served from its cache; null when it reported none. */
    public Double cacheShare() {
        return cachePrompt > 0 ? (double) cached / cachePrompt : null;
    }

    /** The share of judged requests whose output was exactly as asked; null when none asked. */
    public Double outputExactShare() {
        return outputJudged > 0 ? (double) outputExact / outputJudged : null;
    }

    /** The share of judged requests whose prompt tokens were within tolerance; null when none could be judged. */
    public Double inputWithinShare() {
        return inputJudged > 0 ? (double) inputWithin / inputJudged : null;
    }

    /**
     * The one-line summary, e.g. {@code fidelity: input 1.00× requested, output 1.00× requested, shareable prefix
     * 31.4 %, served from cache 29.2 %}. "Requested" is what each request asked: a trace row's lengths in a replay,
     * the drawn lengths of a length mix, so the line reads right for either.
     */
    public String summary() {
        return "fidelity: input " + times(inputDeliveredRatio()) + ", output " + times(outputDeliveredRatio())
                + ", shareable prefix " + percent(sharedPrefixShare()) + ", served from cache "
                + percent(cacheShare());
    }

    private static String times(Double ratio) {
        return ratio == null ? "not reported" : String.format(Locale.ROOT, "%.2f× requested", ratio);
    }

    private static String percent(Double share) {
        return share == null ? "not reported" : String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}

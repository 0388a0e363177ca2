package io.joulebench.core.traffic;

/**
 * One request in its terminal state. All times are nanoseconds on the shared clock.
 *
 * @param index             position in the schedule, level-wide
 * @param issuedAtNanos     the scheduled instant (the latency anchor), not the wake-up time
 * @param dispatchedAtNanos when the request left for the transport; null if it never did
 * @param completedAtNanos  when it reached a terminal state; null for {@link RequestStatus#TIMEOUT}
 * @param result            what arrived, partial on error/timeout; {@link CompletionResult#EMPTY} when nothing did
 */
public record RequestRecord(int index, long issuedAtNanos, Long dispatchedAtNanos, Long completedAtNanos,
                            RequestStatus status, String error, CompletionResult result) {

    public RequestRecord {
        if (result == null) {
            result = CompletionResult.EMPTY;
        }
    }

    /** {@code dispatchedAt − issuedAt}, or null when never dispatched. */
    public Long dispatchDelayNanos() {
        return dispatchedAtNanos == null ? null : dispatchedAtNanos - issuedAtNanos;
    }

    public Long firstTokenAtNanos() {
        return result.firstTokenAtNanos();
    }

    public long[] tokenTimesNanos() {
        return result.tokenTimesNanos();
    }
}

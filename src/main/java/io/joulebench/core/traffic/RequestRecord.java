package io.joulebench.core.traffic;

/**
 * One request in its terminal state. All times are nanoseconds on the shared clock.
 *
 * @param index             position in the schedule, level-wide
 * @param issuedAtNanos     the scheduled instant (the latency anchor), not the wake-up time
 * @param dispatchedAtNanos when the request left for the transport; null if it never did
 * @param completedAtNanos  when it reached a terminal state; null for {@link RequestStatus#TIMEOUT}
 * @param result            what arrived, partial on error/timeout; {@link CompletionResult#EMPTY} when nothing did
 * @param writtenAtNanos    when the request's write to the kernel returned, where the transport wrote it on the
 *                          issuer's thread ({@link ScheduledTransport}); null for transports that write it elsewhere
 * @param workload          what the workload asked of the request ({@link RequestShape#workload()})
 */
public record RequestRecord(int index, long issuedAtNanos, Long dispatchedAtNanos, Long completedAtNanos,
                            RequestStatus status, String error, CompletionResult result, Long writtenAtNanos,
                            RequestWorkload workload) {

    public RequestRecord {
        if (result == null) {
            result = CompletionResult.EMPTY;
        }
        if (workload == null) {
            workload = RequestWorkload.NONE;
        }
    }

    public RequestRecord(int index, long issuedAtNanos, Long dispatchedAtNanos, Long completedAtNanos,
                         RequestStatus status, String error, CompletionResult result, Long writtenAtNanos) {
        this(index, issuedAtNanos, dispatchedAtNanos, completedAtNanos, status, error, result, writtenAtNanos, null);
    }

    public RequestRecord(int index, long issuedAtNanos, Long dispatchedAtNanos, Long completedAtNanos,
                         RequestStatus status, String error, CompletionResult result) {
        this(index, issuedAtNanos, dispatchedAtNanos, completedAtNanos, status, error, result, null);
    }

    /** Strict lateness, {@code writtenAt − issuedAt}: from the instant to the write's return; null when unknown. */
    public Long writeLatenessNanos() {
        return writtenAtNanos == null ? null : writtenAtNanos - issuedAtNanos;
    }

    /** {@code dispatchedAt − issuedAt}, or null when never dispatched. */
    public Long dispatchDelayNanos() {
        return dispatchedAtNanos == null ? null : dispatchedAtNanos - issuedAtNanos;
    }

    public Long firstTokenAtNanos() {
        return result.firstTokenAtNanos();
    }

    public TokenTimes tokenTimesNanos() {
        return result.tokenTimesNanos();
    }
}

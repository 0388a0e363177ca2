package io.joulebench.app.run;

import io.joulebench.core.run.StudyRunResult;

/**
 * How a study run (or resume) ended, as the {@link StudyExecution} returns it: it ran to its end, it was interrupted
 * (levels that closed are credited, the rest left for resume), or the circuit breaker stopped it early.
 *
 * @param interrupted the run was cancelled
 * @param abortReason why the study stopped before its end; null when it ran to its end or was interrupted
 */
public record RunEnd(boolean interrupted, String abortReason) {

    private static final RunEnd FINISHED = new RunEnd(false, null);
    private static final RunEnd INTERRUPTED = new RunEnd(true, null);

    public static RunEnd finished() {
        return FINISHED;
    }

    public static RunEnd cancelled() {
        return INTERRUPTED;
    }

    public static RunEnd aborted(String reason) {
        return new RunEnd(false, reason);
    }

    /** The core runner's result, which says interrupt and abort itself. */
    public static RunEnd of(StudyRunResult result) {
        return result.interrupted() ? cancelled() : result.aborted() ? aborted(result.abortReason()) : finished();
    }

    /** True when the circuit breaker stopped the study. */
    public boolean aborted() {
        return abortReason != null;
    }
}

package io.joulebench.core.executor;

/**
 * How an executor's pass over the groups ended: interrupted (the user stopped it; what closed is credited), or
 * stopped early with a reason (the circuit breaker), or neither.
 */
public record ExecutionOutcome(boolean interrupted, String abortReason) {

    public static final ExecutionOutcome FINISHED = new ExecutionOutcome(false, null);
    public static final ExecutionOutcome INTERRUPTED = new ExecutionOutcome(true, null);
}

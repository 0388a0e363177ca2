package io.joulebench.app.live;

/** Where the warmup gate of the current session stands. */
public enum WarmupState {
    NOT_STARTED("not started"), CONVERGING("converging"), CONVERGED("converged"), TIMED_OUT("timed out"),
    SKIPPED("skipped"),
    /** A fixed warmup under way: it runs its duration, there is nothing to converge. */
    RUNNING_FIXED("running (fixed)"),
    /** A fixed warmup that ran its duration. */
    DONE_FIXED("done (fixed)");

    private final String label;

    WarmupState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the warmup is still going on (converging, or a fixed one running its duration). */
    public boolean underWay() {
        return this == CONVERGING || this == RUNNING_FIXED;
    }

    /**
     * How the warmup reads once the run stopped (cancelled or failed): one still under way did not finish, it was
     * stopped; any other state stands.
     */
    public String labelAfterStop() {
        return underWay() ? "stopped (" + (this == RUNNING_FIXED ? "fixed, " : "") + "run ended)" : label;
    }
}

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
}

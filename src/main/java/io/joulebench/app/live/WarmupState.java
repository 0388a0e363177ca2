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

    /** A warmup of this mode starts. */
    public static WarmupState started(io.joulebench.core.warmup.WarmupMode mode) {
        return mode == io.joulebench.core.warmup.WarmupMode.FIXED ? RUNNING_FIXED : CONVERGING;
    }

    /**
     * How a warmup of this mode ended: a fixed one ran its duration (or none, skipped), a converging one converged,
     * timed out or was skipped. Own and followed runs alike decide it from these fields, never from a line.
     */
    public static WarmupState finished(io.joulebench.core.warmup.WarmupMode mode, boolean converged,
                                       boolean timedOut, double elapsedS) {
        boolean fixed = mode == io.joulebench.core.warmup.WarmupMode.FIXED;
        return timedOut ? TIMED_OUT
                : fixed && elapsedS <= 0 ? SKIPPED
                : fixed ? DONE_FIXED
                : converged ? CONVERGED : SKIPPED;
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

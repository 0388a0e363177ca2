package io.joulebench.app.live;

/** Where the warmup gate of the current session stands. */
public enum WarmupState {
    NOT_STARTED("not started"), CONVERGING("converging"), CONVERGED("converged"), TIMED_OUT("timed out"),
    SKIPPED("skipped");

    private final String label;

    WarmupState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}

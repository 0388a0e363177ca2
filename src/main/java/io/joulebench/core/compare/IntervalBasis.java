package io.joulebench.core.compare;

/** What the replicates of an interval were: the cycles of a cell, its windows (one cycle), or nothing to go on. */
public enum IntervalBasis {
    /** Several cycles of the cell: each cycle's Σ energy and Σ tokens is one replicate (between-run spread). */
    CYCLES("cycles"),
    /** One cycle: each window is one unit of a ratio estimator (within-run spread only). */
    WINDOWS("windows"),
    /** Fewer than two units: no interval. */
    NONE("none");

    private final String wire;

    IntervalBasis(String wire) {
        this.wire = wire;
    }

    /** The name in the CSV ({@code ci_basis}) and the report. */
    public String wire() {
        return wire;
    }
}

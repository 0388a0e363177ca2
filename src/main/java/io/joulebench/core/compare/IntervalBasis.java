package io.joulebench.core.compare;

import io.joulebench.core.WireName;

/**
 * What the replicates of an interval were: the cycles of a cell, its windows (one cycle), or nothing to go on. Its
 * {@link #wire} is the name in the CSV ({@code ci_basis}) and the report.
 */
public enum IntervalBasis implements WireName {
    /** Several cycles of the cell: each cycle's Σ energy and Σ tokens is one replicate (between-run spread). */
    CYCLES,
    /** One cycle: each window is one unit of a ratio estimator (within-run spread only). */
    WINDOWS,
    /** Fewer than two units: no interval. */
    NONE
}

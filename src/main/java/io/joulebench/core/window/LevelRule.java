package io.joulebench.core.window;

/**
 * Which rule judges a level (docs/decisions/0019): the stability gate for stationary traffic at a constant rate, the
 * replay rule for a replayed trace, whose real traffic is not stationary and is not meant to be.
 */
public enum LevelRule {
    /** Every run of 3 consecutive windows within the CV threshold ({@link StabilityGate}). */
    STATIONARY,
    /** The replay kept its schedule and delivered tokens; window-to-window variation is the trace's own ({@link ReplayGate}). */
    REPLAY
}

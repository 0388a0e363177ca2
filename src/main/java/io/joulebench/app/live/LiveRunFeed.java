package io.joulebench.app.live;

/**
 * The live view's source: the latest {@link LiveSnapshot} of the run. Called from a poll thread at a fixed
 * cadence, so it must be cheap and thread-safe (typically a volatile read of the last snapshot built).
 */
@FunctionalInterface
public interface LiveRunFeed {

    LiveSnapshot snapshot();

    /** A trace replay's scheduled and achieved rate; empty for a feed that has none (polled with the snapshot). */
    default ReplayRateModel replayRates() {
        return ReplayRateModel.EMPTY;
    }
}

package io.joulebench.core.session;

import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.warmup.WindowChoice;
import io.joulebench.core.window.WindowListener;
import java.util.List;

/**
 * Progress of a whole study run, for the CLI's progress line and the workbench's live view. Extends the window
 * manager's events with session-level ones. Implementations return quickly and never throw into the run; a live view
 * keeps what it needs in a snapshot it polls, rather than reacting per event.
 */
public interface StudyRunListener extends WindowListener {

    StudyRunListener NONE = new StudyRunListener() {
    };

    default void studyStarted(StudyPlan plan) {
    }

    /** A session (one server lifetime) starts launching for these cells. */
    default void sessionStarted(String sessionId, List<ResolvedCell> cells) {
    }

    default void serverReady(String sessionId, String baseUrl) {
    }

    default void warmupStarted(int levelIndex, io.joulebench.core.warmup.WarmupMode mode) {
    }

    default void warmupFinished(WarmupResult result) {
    }

    /**
     * An auto level's window length was chosen from its warmup ({@code window_seconds: auto}, #23): after
     * {@link #warmupFinished}, before its first window opens; never changed afterwards.
     */
    default void windowLengthChosen(int levelIndex, WindowChoice choice) {
    }

    /** Power samples as they are taken (batched by the sampler), with the energy kind of their source. */
    default void powerSampled(List<PowerSample> samples) {
    }

    /** Requests in flight right now (sampled, not per request). */
    default void inFlight(int requests) {
    }

    default void levelResult(LevelResult result) {
    }

    default void sessionFinished(String sessionId, SessionBlock block) {
    }

    /** A capacity search probed a rate (the bracket after it), or ended (its result set). */
    default void capacitySearchUpdated(SearchProgress progress) {
    }

    default void studyFinished(boolean interrupted) {
    }
}

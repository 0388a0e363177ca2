package io.joulebench.core.run;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.List;

/**
 * A listener that hands every event to {@link #delegate()}; a subclass overrides the events it handles itself. The
 * CLI's progress printer and the events file both show {@link ProgressLines}, and forward to it through this class
 * instead of each repeating every event.
 */
public abstract class ForwardingListener implements StudyRunListener {

    /** Where the events go; the same listener on every call. */
    protected abstract StudyRunListener delegate();

    @Override
    public void studyStarted(StudyPlan plan) {
        delegate().studyStarted(plan);
    }

    @Override
    public void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        delegate().sessionStarted(sessionId, cells);
    }

    @Override
    public void serverReady(String sessionId, String baseUrl) {
        delegate().serverReady(sessionId, baseUrl);
    }

    @Override
    public void warmupStarted(int levelIndex, String mode) {
        delegate().warmupStarted(levelIndex, mode);
    }

    @Override
    public void warmupFinished(WarmupResult result) {
        delegate().warmupFinished(result);
    }

    @Override
    public void powerSampled(List<PowerSample> samples) {
        delegate().powerSampled(samples);
    }

    @Override
    public void inFlight(int requests) {
        delegate().inFlight(requests);
    }

    @Override
    public void levelResult(LevelResult result) {
        delegate().levelResult(result);
    }

    @Override
    public void sessionFinished(String sessionId, SessionBlock block) {
        delegate().sessionFinished(sessionId, block);
    }

    @Override
    public void studyFinished(boolean interrupted) {
        delegate().studyFinished(interrupted);
    }

    @Override
    public void levelStarted(int levelIndex, WindowSpec spec) {
        delegate().levelStarted(levelIndex, spec);
    }

    @Override
    public void rampFinished(int levelIndex, long spanStartNanos) {
        delegate().rampFinished(levelIndex, spanStartNanos);
    }

    @Override
    public void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        delegate().windowOpened(levelIndex, windowIndex, spanStartNanos);
    }

    @Override
    public void windowClosed(WindowRecord record) {
        delegate().windowClosed(record);
    }

    @Override
    public void levelValidated(LevelOutcome outcome) {
        delegate().levelValidated(outcome);
    }

    @Override
    public void levelAborted(AbortedLevel aborted) {
        delegate().levelAborted(aborted);
    }
}

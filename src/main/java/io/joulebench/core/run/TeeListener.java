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

/** Hands every event to two listeners in order (the CLI's printer and the run's {@link EventLog}). */
public final class TeeListener implements StudyRunListener {

    private final StudyRunListener a;
    private final StudyRunListener b;

    public TeeListener(StudyRunListener a, StudyRunListener b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public void studyStarted(StudyPlan plan) {
        a.studyStarted(plan);
        b.studyStarted(plan);
    }

    @Override
    public void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        a.sessionStarted(sessionId, cells);
        b.sessionStarted(sessionId, cells);
    }

    @Override
    public void serverReady(String sessionId, String baseUrl) {
        a.serverReady(sessionId, baseUrl);
        b.serverReady(sessionId, baseUrl);
    }

    @Override
    public void warmupStarted(int levelIndex, String mode) {
        a.warmupStarted(levelIndex, mode);
        b.warmupStarted(levelIndex, mode);
    }

    @Override
    public void warmupFinished(WarmupResult result) {
        a.warmupFinished(result);
        b.warmupFinished(result);
    }

    @Override
    public void powerSampled(List<PowerSample> samples) {
        a.powerSampled(samples);
        b.powerSampled(samples);
    }

    @Override
    public void inFlight(int requests) {
        a.inFlight(requests);
        b.inFlight(requests);
    }

    @Override
    public void levelResult(LevelResult result) {
        a.levelResult(result);
        b.levelResult(result);
    }

    @Override
    public void sessionFinished(String sessionId, SessionBlock block) {
        a.sessionFinished(sessionId, block);
        b.sessionFinished(sessionId, block);
    }

    @Override
    public void studyFinished(boolean interrupted) {
        a.studyFinished(interrupted);
        b.studyFinished(interrupted);
    }

    @Override
    public void levelStarted(int levelIndex, WindowSpec spec) {
        a.levelStarted(levelIndex, spec);
        b.levelStarted(levelIndex, spec);
    }

    @Override
    public void rampFinished(int levelIndex, long spanStartNanos) {
        a.rampFinished(levelIndex, spanStartNanos);
        b.rampFinished(levelIndex, spanStartNanos);
    }

    @Override
    public void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        a.windowOpened(levelIndex, windowIndex, spanStartNanos);
        b.windowOpened(levelIndex, windowIndex, spanStartNanos);
    }

    @Override
    public void windowClosed(WindowRecord record) {
        a.windowClosed(record);
        b.windowClosed(record);
    }

    @Override
    public void levelValidated(LevelOutcome outcome) {
        a.levelValidated(outcome);
        b.levelValidated(outcome);
    }

    @Override
    public void levelAborted(AbortedLevel aborted) {
        a.levelAborted(aborted);
        b.levelAborted(aborted);
    }
}

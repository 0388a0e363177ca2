package io.joulebench.core.session;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Forwards every event and swallows (logs) what a listener throws: a broken view never breaks a measurement. */
final class SafeListener implements StudyRunListener {

    private static final Logger LOG = LoggerFactory.getLogger(SafeListener.class);
    private final StudyRunListener l;

    SafeListener(StudyRunListener listener) {
        this.l = listener == null ? StudyRunListener.NONE : listener;
    }

    private void guard(String event, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("listener failed on {}: {}", event, e.toString());
        }
    }

    @Override
    public void studyStarted(StudyPlan plan) {
        guard("studyStarted", () -> l.studyStarted(plan));
    }

    @Override
    public void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        guard("sessionStarted", () -> l.sessionStarted(sessionId, cells));
    }

    @Override
    public void serverReady(String sessionId, String baseUrl) {
        guard("serverReady", () -> l.serverReady(sessionId, baseUrl));
    }

    @Override
    public void warmupStarted(int levelIndex, String mode) {
        guard("warmupStarted", () -> l.warmupStarted(levelIndex, mode));
    }

    @Override
    public void warmupFinished(WarmupResult result) {
        guard("warmupFinished", () -> l.warmupFinished(result));
    }

    @Override
    public void powerSampled(List<PowerSample> samples) {
        guard("powerSampled", () -> l.powerSampled(samples));
    }

    @Override
    public void inFlight(int requests) {
        guard("inFlight", () -> l.inFlight(requests));
    }

    @Override
    public void levelResult(LevelResult result) {
        guard("levelResult", () -> l.levelResult(result));
    }

    @Override
    public void sessionFinished(String sessionId, SessionBlock block) {
        guard("sessionFinished", () -> l.sessionFinished(sessionId, block));
    }

    @Override
    public void studyFinished(boolean interrupted) {
        guard("studyFinished", () -> l.studyFinished(interrupted));
    }

    @Override
    public void levelStarted(int levelIndex, WindowSpec spec) {
        guard("levelStarted", () -> l.levelStarted(levelIndex, spec));
    }

    @Override
    public void rampFinished(int levelIndex, long spanStartNanos) {
        guard("rampFinished", () -> l.rampFinished(levelIndex, spanStartNanos));
    }

    @Override
    public void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        guard("windowOpened", () -> l.windowOpened(levelIndex, windowIndex, spanStartNanos));
    }

    @Override
    public void windowClosed(WindowRecord record) {
        guard("windowClosed", () -> l.windowClosed(record));
    }

    @Override
    public void levelValidated(LevelOutcome outcome) {
        guard("levelValidated", () -> l.levelValidated(outcome));
    }

    @Override
    public void levelAborted(AbortedLevel aborted) {
        guard("levelAborted", () -> l.levelAborted(aborted));
    }
}

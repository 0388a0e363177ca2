package io.joulebench.core.session;

import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.List;
import java.util.function.Consumer;

/**
 * A listener that hands every event on through {@link #forward}: the one list of {@link StudyRunListener}'s events
 * that every forwarding listener shares, so a new event is forwarded everywhere once it is added here. A subclass
 * says where events go (one delegate, two in turn, one that may throw) and overrides the events it handles itself.
 */
public abstract class ForwardingListener implements StudyRunListener {

    /**
     * Hands one event on.
     *
     * @param event the event's name, for logs
     * @param call  the event, to call on each listener behind this one
     */
    protected abstract void forward(String event, Consumer<StudyRunListener> call);

    @Override
    public void studyStarted(StudyPlan plan) {
        forward("studyStarted", l -> l.studyStarted(plan));
    }

    @Override
    public void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        forward("sessionStarted", l -> l.sessionStarted(sessionId, cells));
    }

    @Override
    public void serverReady(String sessionId, String baseUrl) {
        forward("serverReady", l -> l.serverReady(sessionId, baseUrl));
    }

    @Override
    public void warmupStarted(int levelIndex, io.joulebench.core.warmup.WarmupMode mode) {
        forward("warmupStarted", l -> l.warmupStarted(levelIndex, mode));
    }

    @Override
    public void warmupFinished(WarmupResult result) {
        forward("warmupFinished", l -> l.warmupFinished(result));
    }

    @Override
    public void windowLengthChosen(int levelIndex, io.joulebench.core.warmup.WindowChoice choice) {
        forward("windowLengthChosen", l -> l.windowLengthChosen(levelIndex, choice));
    }

    @Override
    public void powerSampled(List<PowerSample> samples) {
        forward("powerSampled", l -> l.powerSampled(samples));
    }

    @Override
    public void inFlight(int requests) {
        forward("inFlight", l -> l.inFlight(requests));
    }

    @Override
    public void levelResult(LevelResult result) {
        forward("levelResult", l -> l.levelResult(result));
    }

    @Override
    public void sessionFinished(String sessionId, SessionBlock block) {
        forward("sessionFinished", l -> l.sessionFinished(sessionId, block));
    }

    @Override
    public void capacitySearchUpdated(SearchProgress progress) {
        forward("capacitySearchUpdated", l -> l.capacitySearchUpdated(progress));
    }

    @Override
    public void studyFinished(boolean interrupted) {
        forward("studyFinished", l -> l.studyFinished(interrupted));
    }

    @Override
    public void levelStarted(int levelIndex, WindowSpec spec) {
        forward("levelStarted", l -> l.levelStarted(levelIndex, spec));
    }

    @Override
    public void rampFinished(int levelIndex, long spanStartNanos) {
        forward("rampFinished", l -> l.rampFinished(levelIndex, spanStartNanos));
    }

    @Override
    public void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        forward("windowOpened", l -> l.windowOpened(levelIndex, windowIndex, spanStartNanos));
    }

    @Override
    public void windowClosed(WindowRecord record) {
        forward("windowClosed", l -> l.windowClosed(record));
    }

    @Override
    public void levelValidated(LevelOutcome outcome) {
        forward("levelValidated", l -> l.levelValidated(outcome));
    }

    @Override
    public void levelAborted(AbortedLevel aborted) {
        forward("levelAborted", l -> l.levelAborted(aborted));
    }
}

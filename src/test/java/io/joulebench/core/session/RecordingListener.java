package io.joulebench.core.session;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.study.ResolvedCell;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps the session events it hears, and counts power samples. */
final class RecordingListener implements StudyRunListener {

    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger samples = new AtomicInteger();

    @Override
    public void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        events.add("sessionStarted " + cells.size());
    }

    @Override
    public void serverReady(String sessionId, String baseUrl) {
        events.add("serverReady " + baseUrl);
    }

    @Override
    public void levelStarted(int levelIndex, io.joulebench.core.window.WindowSpec spec) {
        events.add("levelStarted " + levelIndex);
    }

    @Override
    public void levelResult(LevelResult result) {
        events.add("levelResult " + result.levelIndex() + " " + result.valid());
    }

    @Override
    public void powerSampled(List<PowerSample> batch) {
        samples.addAndGet(batch.size());
    }

    @Override
    public void sessionFinished(String sessionId, SessionBlock block) {
        events.add("sessionFinished " + block.windowCount());
    }
}

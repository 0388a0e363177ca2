package io.joulebench.core.window;

import io.joulebench.core.time.Clock;
import java.util.Objects;

/**
 * Turns one rate level into N contiguous measured windows (spec §2.2), all on one shared {@link Clock}:
 * <ol>
 *   <li>run the warmup hook once (a failure propagates before any traffic starts), then take its window spec,
 *   fixed from here on;</li>
 *   <li>start the traffic source over the whole horizon, ramp + N × duration, on its own thread;</li>
 *   <li>sleep through the ramp, once;</li>
 *   <li>run N windows: each opens a fresh bracket at its span start and finishes it at its span end, the next
 *       starting where the last ended;</li>
 *   <li>drain: await the source (latencies include the drain, energy never extends past the last span end), then
 *       build the final window records and the stability verdict.</li>
 * </ol>
 * Requests are aggregated as they finish (see {@link LevelAggregator}); the heap holds what is in flight plus the
 * aggregates. A failure after the ramp cancels the traffic, awaits it, and surfaces as an
 * {@link AbortedLevelException} that keeps the windows closed so far (spec §2.8). An invalid level is returned,
 * stamped, never dropped.
 */
public final class WindowManager {

    private final Clock clock;

    public WindowManager(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Runs {@code plan} at level {@code levelIndex} (a shorthand for {@code runLevel(plan.atLevel(levelIndex))}). */
    public LevelOutcome runLevel(int levelIndex, LevelPlan plan) throws InterruptedException, AbortedLevelException {
        return runLevel(plan.atLevel(levelIndex));
    }

    /**
     * Runs the level; its events, records and request-log rows carry {@link LevelPlan#levelIndex()}.
     *
     * @throws InterruptedException   when interrupted during the warmup or the ramp (nothing was measured)
     * @throws AbortedLevelException  when the level failed or was cancelled once its windows had started
     */
    public LevelOutcome runLevel(LevelPlan plan) throws InterruptedException, AbortedLevelException {
        int levelIndex = plan.levelIndex();
        WindowSpec spec = plan.spec();
        Events events = new Events(plan.listener());
        events.levelStarted(levelIndex, spec);
        plan.warmup().beforeLevel(levelIndex, spec);
        LevelPlan fixed = plan.withSpec(plan.warmup().windowSpec(levelIndex, spec));
        return new LevelRun(clock, levelIndex, fixed, events).run();
    }
}

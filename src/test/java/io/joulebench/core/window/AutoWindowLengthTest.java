package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.precision.LevelDesign;
import io.joulebench.core.precision.WindowChooser;
import io.joulebench.core.study.AutoWindowConfig;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.warmup.WarmupTraffic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An auto window length is fixed from the warmup before the level's traffic or any window starts, and what the windows
 * then measure cannot change it (#23: no optional stopping).
 */
class AutoWindowLengthTest {

    private final VirtualClock clock = VirtualClock.atSeconds(1000);
    private final List<String> journal = new ArrayList<>();
    private final FakeBracket.Factory brackets = new FakeBracket.Factory(clock, 100, journal);
    private final WindowSpec spec = WindowSpec.builder().rate(4).rampExclusionSeconds(5).durationSeconds(300).build();
    private final WarmupTraffic warmup = new WarmupTraffic(120, 0, 120 * 64, 0, 2, 30);

    /** A hook that chooses the length from {@link #warmup} only, and records when it was asked. */
    private final class ChoosingHook implements WarmupHook {
        final List<String> asked = new ArrayList<>();

        @Override
        public void beforeLevel(int levelIndex, WindowSpec s) {
        }

        @Override
        public WindowSpec windowSpec(int levelIndex, WindowSpec s) {
            asked.add("asked with " + journal.size() + " bracket events");
            LevelDesign d = new LevelDesign(s.rate(), 1, s.durationSeconds(), s.windowsPerLevel(), s.cvThreshold());
            return s.withDurationSeconds(WindowChooser.choose(d, new AutoWindowConfig(10, 300, 0.03), warmup)
                    .seconds());
        }
    }

    private LevelOutcome run(ChoosingHook hook, ScriptedSource source) throws Exception {
        return new WindowManager(clock).runLevel(0, LevelPlan.builder(spec, source, r -> CompletionResult.EMPTY,
                brackets).warmup(hook).build());
    }

    @Test
    void the_length_is_fixed_once_before_any_window_and_the_windows_run_with_it() throws Exception {
        ChoosingHook hook = new ChoosingHook();
        ScriptedSource source = ScriptedSource.returning();
        LevelOutcome outcome = run(hook, source);

        double chosen = WindowChooser.choose(new LevelDesign(4, 1, 300, 3, 0.05),
                new AutoWindowConfig(10, 300, 0.03), warmup).seconds();
        assertThat(chosen).isLessThan(300);
        assertThat(hook.asked).containsExactly("asked with 0 bracket events");
        assertThat(outcome.spec().durationSeconds()).isEqualTo(chosen);
        assertThat(source.horizonSeconds).isEqualTo(5 + 3 * chosen);
        assertThat(outcome.windows()).allSatisfy(w ->
                assertThat(w.spanEndSeconds() - w.spanStartSeconds()).isEqualTo(chosen));
    }

    @Test
    void what_the_windows_measure_does_not_change_the_length() throws Exception {
        // the same warmup, then windows with wildly different tokens: a steady level and a spiky one
        LevelOutcome steady = run(new ChoosingHook(), ScriptedSource.returning(ok(0, 1010, 1011, 1011)));
        double t = clock.nanoTime() / 1e9 + 10; // inside the next level's first window
        LevelOutcome spiky = run(new ChoosingHook(), ScriptedSource.returning(
                ok(0, t, t + 1, t, t + 0.1, t + 0.2, t + 0.3, t + 0.4, t + 0.5)));

        assertThat(spiky.spec().durationSeconds()).isEqualTo(steady.spec().durationSeconds());
    }
}

package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.precision.LevelDesign;
import io.joulebench.core.precision.WindowChooser;
import io.joulebench.core.study.AutoWindowConfig;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.warmup.WarmupTraffic;
import io.joulebench.core.warmup.WindowChoice;
import io.joulebench.core.window.StabilityGate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code window_seconds: auto} on the reference engine's own scheduler and power model, in virtual time (#23): the
 * length is chosen from a warmup at the level's rate only, then the level's windows run with it. A low rate gets a
 * longer window than a high one, and the levels pass the stability gate over several seeds, not one lucky one.
 */
class AutoWindowOnReferenceEngineTest {

    private static final int OUTPUT_TOKENS = 64;
    private static final int PROMPT_TOKENS = 32;
    private static final int SEEDS = 8;
    /** The warmup: traffic at the level's rate; its last {@link #WARMUP_DATA_SECONDS} give the data. */
    private static final double WARMUP_LEAD_SECONDS = 240;
    private static final double WARMUP_DATA_SECONDS = 60;
    private static final double SETTLE_SECONDS = 600;
    private static final AutoWindowConfig AUTO = AutoWindowConfig.defaults();

    /** What a warmup at {@code rate} delivered: its completed requests, their tokens and their time. */
    private static WarmupTraffic warmup(double rate, long seed) throws InterruptedException {
        VirtualSession session = new VirtualSession(EngineProfile.SMALL, OUTPUT_TOKENS, PROMPT_TOKENS, 180).draining();
        VirtualSession.Measured m = session.run(List.of(new VirtualSession.Level(rate, ArrivalProcess.POISSON, 1,
                WARMUP_LEAD_SECONDS, WARMUP_DATA_SECONDS, 1)), seed).getFirst();
        int n = m.ttftSeconds().length;
        double[] tpot = m.tpotSeconds();
        double requestSeconds = Arrays.stream(m.ttftSeconds()).sum() / n
                + Arrays.stream(tpot).sum() / tpot.length * (OUTPUT_TOKENS - 1);
        return new WarmupTraffic(n, 0, (long) n * OUTPUT_TOKENS, 0, requestSeconds, WARMUP_DATA_SECONDS);
    }

    private static WindowChoice choose(double rate, long seed) throws InterruptedException {
        return WindowChooser.choose(new LevelDesign(rate, 1, AUTO.maxSeconds(), 3, 0.05), AUTO, warmup(rate, seed));
    }

    /** True when the level's three windows at the chosen length pass the gate. */
    private static boolean passes(double rate, double seconds, long seed) throws InterruptedException {
        VirtualSession session = new VirtualSession(EngineProfile.SMALL, OUTPUT_TOKENS, PROMPT_TOKENS, 180);
        double[] j = session.run(List.of(new VirtualSession.Level(rate, ArrivalProcess.POISSON, 1, SETTLE_SECONDS,
                seconds, 3)), 1000 + seed).getFirst().joulesPerToken();
        return StabilityGate.validate(Arrays.stream(j).boxed().toList(), 0.05).valid();
    }

    @Test
    void a_low_rate_gets_a_longer_window_and_both_levels_pass_the_gate() throws InterruptedException {
        int lowPassed = 0;
        int highPassed = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            WindowChoice low = choose(4, seed);
            WindowChoice high = choose(32, seed);
            assertThat(low.predictedCv()).as("enough warmup data to predict").isNotNull();
            assertThat(low.seconds()).as("seed %d", seed).isGreaterThan(high.seconds());
            assertThat(high.seconds()).isGreaterThanOrEqualTo(AUTO.minSeconds());
            lowPassed += passes(4, low.seconds(), seed) ? 1 : 0;
            highPassed += passes(32, high.seconds(), seed) ? 1 : 0;
        }
        assertThat(lowPassed).as("4 req/s levels passing of %d", SEEDS).isGreaterThanOrEqualTo(SEEDS - 1);
        assertThat(highPassed).as("32 req/s levels passing of %d", SEEDS).isGreaterThanOrEqualTo(SEEDS - 1);
    }
}

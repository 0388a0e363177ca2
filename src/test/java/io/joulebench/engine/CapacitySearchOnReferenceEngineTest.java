package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Prober;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import io.joulebench.core.stats.Stats;
import io.joulebench.core.traffic.ArrivalProcess;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 23, acceptance 3 (the search, headless): a capacity search for {@code tpot_p50_ms ≤ 15} on the reference
 * engine (profile small, 64-token outputs) brackets the rate at which the engine's modelled step time crosses 15 ms,
 * computed independently from its step-time equation and Little's law, and J/token is then measured there with full
 * windows. Probes and levels run the engine's own scheduler and power model in virtual time ({@link VirtualSession}).
 */
class CapacitySearchOnReferenceEngineTest {

    private static final int OUTPUT = 64;
    private static final int PROMPT = 32;
    private static final double TPOT_LIMIT_MS = 15;

    private final VirtualSession engine = new VirtualSession(EngineProfile.SMALL, OUTPUT, PROMPT, 180).draining();

    @Test
    void the_bracket_contains_the_modelled_crossing_and_the_capacity_is_measured_with_full_windows()
            throws InterruptedException {
        Prober prober = rate -> {
            VirtualSession.Measured m = engine.run(List.of(
                    new VirtualSession.Level(rate, ArrivalProcess.POISSON, 1, 10, 20, 1)), 3).getFirst();
            return new Prober.Figures(Map.of(LevelMetric.TPOT_P50, m.tpotMs(0.5)), 0);
        };
        CapacitySearch search = new CapacitySearch(4, 56, 1,
                new Slo(List.of(new Slo.Bound(LevelMetric.TPOT_P50, TPOT_LIMIT_MS))), null);

        CapacitySearch.Result r = search.run(prober);

        double crossing = modelledCrossing();
        System.out.println(String.join("\n", r.lines()) + "\nmodelled crossing " + crossing + " req/s");
        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.BRACKETED);
        assertThat(r.bracketHigh() - r.bracketLow()).isLessThanOrEqualTo(1);
        assertThat(crossing).isBetween(r.bracketLow(), r.bracketHigh());
        assertThat(r.path()).hasSizeLessThanOrEqualTo(2 + 6);

        // the measured operating points: ordinary levels with full windows and the gate, never the probes
        for (double rate : r.measuredRates(List.of(1.0, 0.5))) {
            VirtualSession.Measured level = engine.run(List.of(
                    new VirtualSession.Level(rate, ArrivalProcess.POISSON, 1, 10, 10, 3)), 5).getFirst();
            assertThat(level.joulesPerToken()).hasSize(3);
            for (double j : level.joulesPerToken()) {
                assertThat(j).isPositive().isFinite();
            }
            assertThat(Stats.populationCv(level.joulesPerToken())).as("gate at %.1f req/s", rate).isLessThan(0.05);
        }
    }

    /** The rate at which step(B(λ)) = 15 ms, with B = λ·μ·step(B): the engine's own equations (its one owner). */
    private static double modelledCrossing() {
        return new ReferenceServingShape(EngineProfile.SMALL).rateAtStepMs(TPOT_LIMIT_MS, OUTPUT, PROMPT, 1, 56);
    }
}

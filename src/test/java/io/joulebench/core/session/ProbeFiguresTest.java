package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.capacity.Prober;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.WindowMetrics;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProbeFiguresTest {

    private static LatencyPercentiles p(Double p50, Double p90, Double p99) {
        return new LatencyPercentiles(p50, p90, p99, p99, 100, true);
    }

    @Test
    void a_windows_percentiles_become_the_probes_figures_and_errors_and_timeouts_its_failed_share() {
        WindowMetrics m = new WindowMetrics(10, 95, 3, 2, 100, 0.95, 0, p(100.0, 200.0, 300.0), p(10.0, 12.0, 14.0),
                p(9.0, 11.0, 13.0), LatencyPercentiles.EMPTY, null, null, null, null);
        Prober.Figures f = ProbeFigures.of(m);
        assertThat(f.latencies()).containsAllEntriesOf(Map.of(LevelMetric.TTFT_P99, 300.0, LevelMetric.TPOT_P50, 10.0,
                LevelMetric.ITL_P90, 11.0));
        assertThat(f.latencies()).doesNotContainKey(LevelMetric.E2E_P99);
        assertThat(f.errorFraction()).isEqualTo(0.05);
        assertThat(new Slo(List.of(new Slo.Bound(LevelMetric.E2E_P99, 1000))).violations(f.latencies()))
                .as("a bound on a figure the window lacks fails the probe").containsExactly("e2e_p99_ms not recorded");
    }

    @Test
    void a_window_without_requests_has_no_failed_share() {
        WindowMetrics m = new WindowMetrics(0, 0, 0, 0, 0, null, 0, LatencyPercentiles.EMPTY, LatencyPercentiles.EMPTY,
                LatencyPercentiles.EMPTY, LatencyPercentiles.EMPTY, null, null, null, null);
        assertThat(ProbeFigures.of(m).errorFraction()).isZero();
        assertThat(ProbeFigures.of(m).latencies()).isEmpty();
    }
}

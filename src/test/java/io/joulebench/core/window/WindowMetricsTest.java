package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.error;
import static io.joulebench.core.window.Fixtures.ok;
import static io.joulebench.core.window.Fixtures.okWithUsage;
import static io.joulebench.core.window.Fixtures.timeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.RequestRecord;
import org.junit.jupiter.api.Test;

/** One 10 s window [1000, 1010] after a 10 s ramp, judged from the requests it owns. */
class WindowMetricsTest {

    private final VirtualClock clock = VirtualClock.atSeconds(1000);

    private WindowRecord window(Slo slo, RequestRecord... records) {
        WindowSpec spec = WindowSpec.builder().rate(1).durationSeconds(10).rampExclusionSeconds(10)
                .windowsPerLevel(1).build();
        LevelAggregator agg = new LevelAggregator(0, spec, clock, RequestLogSink.NONE, slo);
        agg.startWindows();
        for (RequestRecord r : records) {
            agg.onTerminal(r);
        }
        return agg.record(0, Fixtures.flatBracket(1000, 1010, 100, 1000.0), 0.5, false);
    }

    private WindowMetrics metrics(Slo slo, RequestRecord... records) {
        return window(slo, records).metrics();
    }

    @Test
    void ttft_percentiles_are_type_seven_over_completed_in_window_requests() {
        WindowMetrics m = metrics(null, ok(0, 1001, 1002, 1001.010), ok(1, 1002, 1003, 1002.020),
                ok(2, 1003, 1004, 1003.030), ok(3, 1004, 1005, 1004.040), ok(9, 990, 1001, 995));
        assertThat(m.ttft().p50Ms()).isCloseTo(25.0, offset(1e-6));
        assertThat(m.ttft().p90Ms()).isCloseTo(37.0, offset(1e-6));
        assertThat(m.ttft().p99Ms()).isCloseTo(39.7, offset(1e-6));
        assertThat(m.ttft().samples()).as("the ramp request is not counted").isEqualTo(4);
        assertThat(m.completedCount()).isEqualTo(4);
        assertThat(m.requestThroughputReqS()).isEqualTo(0.4);
        assertThat(m.e2e().p50Ms()).isCloseTo(1000.0, offset(1e-6));
        assertThat(m.capBoundFraction()).isEqualTo(0.5);
    }

    @Test
    void an_empty_window_has_null_percentiles_and_zero_throughput() {
        WindowMetrics m = metrics(null);
        assertThat(m.ttft()).isEqualTo(LatencyPercentiles.EMPTY);
        assertThat(m.requestThroughputReqS()).isZero();
        assertThat(m.completionRate()).isNull();
        assertThat(m.slo()).isNull();
    }

    @Test
    void tpot_and_itl_come_from_receipts() {
        WindowMetrics m = metrics(null, ok(0, 1001, 1002, 1001.1, 1001.2, 1001.4));
        assertThat(m.tpot().p50Ms()).isCloseTo(150.0, offset(1e-6));
        assertThat(m.itl().samples()).isEqualTo(2);
        assertThat(m.itl().p50Ms()).isCloseTo(150.0, offset(1e-6));
        assertThat(m.itl().maxMs()).isCloseTo(200.0, offset(1e-6));
    }

    @Test
    void statuses_truncation_and_server_tokens_are_disclosed() {
        WindowRecord w = window(null,
                okWithUsage(0, 1001, 1002, 3, "length", 1001.5, 1001.6),
                okWithUsage(1, 1002, 1003, 3, "stop", 1002.5, 1002.6),
                error(2, 1003, 1004, 1003.5),
                timeout(3, 1004),
                okWithUsage(4, 995, 1001, 5, "stop", 996));
        WindowMetrics m = w.metrics();
        assertThat(m.completedCount()).isEqualTo(2);
        assertThat(m.errorCount()).isEqualTo(1);
        assertThat(m.timeoutCount()).isEqualTo(1);
        assertThat(m.inWindowCount()).isEqualTo(4);
        assertThat(m.completionRate()).isEqualTo(0.5);
        assertThat(m.lengthTruncatedCount()).isEqualTo(1);
        assertThat(m.serverReportedClientTokenRatio()).isEqualTo(1.5);
        assertThat(w.serverReportedOutputTokens()).as("every owned row, ramp included").isEqualTo(11L);
        assertThat(metrics(null, ok(0, 1001, 1002, 1001.5)).serverReportedClientTokenRatio()).isNull();
        assertThat(window(null, ok(0, 1001, 1002, 1001.5)).serverReportedOutputTokens()).isNull();
    }

    @Test
    void slo_attainment_passes_at_exactly_the_percentile_with_direct_join_goodput() {
        Slo slo = new Slo(100.0, 50.0, 0.75);
        SloResult r = metrics(slo,
                ok(0, 1001, 1002, 1001.05, 1001.1, 1001.15),
                ok(1, 1002, 1003, 1002.10, 1002.15, 1002.2),     // ttft exactly at the bound passes
                ok(2, 1003, 1004, 1003.05, 1003.1, 1003.15),
                ok(3, 1004, 1005, 1004.5, 1004.55, 1004.6),      // ttft 500 ms violates
                error(4, 1005, 1006, 1005.01)).slo();
        assertThat(r.attainmentFraction()).isEqualTo(0.75);
        assertThat(r.pass()).isTrue();
        assertThat(r.goodputTokensS()).isCloseTo(0.9, offset(1e-12));
    }

    @Test
    void tpot_only_failure_single_token_pass_and_missing_ttft() {
        Slo tpot = new Slo(null, 50.0, 0.9);
        assertThat(metrics(tpot, ok(0, 1001, 1002, 1001.1, 1001.14), ok(1, 1002, 1003, 1002.1, 1002.16))
                .slo().attainmentFraction()).isEqualTo(0.5);
        SloResult single = metrics(tpot, ok(0, 1001, 1002, 1001.9)).slo();
        assertThat(single.attainmentFraction()).isEqualTo(1.0);
        assertThat(single.goodputTokensS()).isCloseTo(0.1, offset(1e-12));
        assertThat(metrics(new Slo(100.0, null, 0.5), ok(0, 1001, 1002)).slo().attainmentFraction()).isZero();
    }

    @Test
    void all_violating_and_all_failed_windows() {
        Slo slo = new Slo(10.0, null, 0.5);
        SloResult violating = metrics(slo, ok(0, 1001, 1002, 1001.5)).slo();
        assertThat(violating.pass()).isFalse();
        assertThat(violating.goodputTokensS()).isZero();
        WindowMetrics failed = metrics(slo, error(0, 1001, 1002, 1001.001));
        assertThat(failed.slo().attainmentFraction()).isNull();
        assertThat(failed.slo().goodputTokensS()).isNull();
        assertThat(failed.slo().pass()).isFalse();
        assertThat(failed.completionRate()).isZero();
    }

    @Test
    void a_straddler_is_judged_on_full_latency_but_counts_only_in_span_tokens() {
        Slo slo = new Slo(200.0, 1000.0, 0.5);
        SloResult r = metrics(slo, ok(0, 1009, 1010.5, 1009.1, 1009.5, 1010.5)).slo();
        assertThat(r.attainmentFraction()).isEqualTo(1.0);
        assertThat(r.goodputTokensS()).isCloseTo(0.2, offset(1e-12));
    }

    @Test
    void dispatch_lateness_is_measured_per_window() {
        RequestRecord late = new RequestRecord(0, Fixtures.ns(1001), Fixtures.ns(1001.25), Fixtures.ns(1002),
                io.joulebench.core.traffic.RequestStatus.OK, null, null);
        WindowMetrics m = metrics(null, late, ok(1, 1002, 1003));
        assertThat(m.dispatchLateness().maxMs()).isCloseTo(250.0, offset(1e-6));
        assertThat(m.dispatchLateness().p50Ms()).isCloseTo(125.0, offset(1e-6));
    }
}

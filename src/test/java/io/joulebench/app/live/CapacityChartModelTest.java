package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.PollScheduler;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Prober;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The live capacity chart's model, built from the search's own progress reports (no toolkit). */
class CapacityChartModelTest {

    private static final Slo TPOT_15 = new Slo(List.of(new Slo.Bound(LevelMetric.TPOT_P50, 15)));
    private final TestServices services = new TestServices();

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    /** TPOT p50 rises linearly and crosses 15 ms at 30 req/s; every progress report is kept. */
    private static List<SearchProgress> search() throws InterruptedException {
        List<SearchProgress> reports = new ArrayList<>();
        Prober prober = rate -> new Prober.Figures(Map.of(LevelMetric.TPOT_P50, rate / 2), 0);
        new CapacitySearch(4, 68, 1, TPOT_15, null).run(prober, reports::add);
        return reports;
    }

    @Test
    void each_probe_is_a_numbered_point_against_the_bound_and_the_bracket_narrows_to_the_capacity()
            throws InterruptedException {
        List<SearchProgress> reports = search();
        CapacityChartModel first = CapacityChartModel.of(reports.getFirst());
        assertThat(first.present()).isTrue();
        assertThat(first.finished()).isFalse();
        assertThat(first.series()).singleElement().satisfies(s -> {
            assertThat(s.metric()).isEqualTo("tpot_p50_ms");
            assertThat(s.limit()).isEqualTo(15);
            assertThat(s.points()).singleElement()
                    .isEqualTo(new CapacityChartModel.ProbePoint(1, 4, 2, true));
        });
        assertThat(first.status()).isEqualTo("Searching: probe 1 of at most 8 · meets at 4 req/s · breaks at none yet");

        CapacityChartModel last = CapacityChartModel.of(reports.getLast());
        assertThat(last.finished()).isTrue();
        assertThat(last.series().getFirst().points()).hasSize(8)
                .allSatisfy(p -> assertThat(p.meets()).isEqualTo(p.value() <= 15));
        assertThat(last.bracketLow()).isLessThanOrEqualTo(30);
        assertThat(last.bracketHigh()).isGreaterThan(30).isLessThanOrEqualTo(last.bracketLow() + 1);
        assertThat(last.status()).startsWith("capacity 30.0 req/s").contains("bracket");
        double width = Double.POSITIVE_INFINITY;
        for (SearchProgress p : reports.subList(2, reports.size())) {
            double w = p.bracketHigh() - p.bracketLow();
            assertThat(w).as("the bracket never widens").isLessThanOrEqualTo(width);
            width = w;
        }
    }

    @Test
    void a_run_without_a_search_has_no_chart_and_the_search_is_in_focus_until_measured_windows_begin()
            throws InterruptedException {
        assertThat(CapacityChartModel.of(null)).isEqualTo(CapacityChartModel.EMPTY);
        assertThat(CapacityChartModel.EMPTY.present()).isFalse();

        PollScheduler manual = (period, task) -> () -> { };
        LiveViewModel vm = new LiveViewModel(RunBackend.none(), UiExecutor.direct(), manual, services.confirmer,
                services.errors, 10);
        LiveSnapshot base = FakeLiveFeed.at(30);
        List<SearchProgress> reports = search();
        vm.apply(with(base, 2, List.of(), reports.get(2)));
        assertThat(vm.capacityChartProperty().get().series().getFirst().points()).hasSize(3);
        assertThat(vm.searchInFocusProperty().get()).isTrue();
        vm.apply(with(base, 3, List.of(), reports.getLast()));
        assertThat(vm.searchInFocusProperty().get()).as("found, no measured window yet").isTrue();
        vm.apply(with(base, 4, base.windows(), reports.getLast()));
        assertThat(vm.searchInFocusProperty().get()).isFalse();
        vm.apply(with(base, 5, base.windows(), null));
        assertThat(vm.capacityChartProperty().get().present()).isFalse();
    }

    private static LiveSnapshot with(LiveSnapshot s, long version, List<WindowPoint> windows, SearchProgress search) {
        return new LiveSnapshot(version, s.state(), s.studyName(), s.energyKind(), s.energyLabel(), windows, s.power(),
                s.windowSpans(), s.warmupSpans(), s.rampSpans(), s.kpis(), s.progress(), s.levels(), s.jobs(),
                search);
    }
}

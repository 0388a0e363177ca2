package io.joulebench.core.study;

import static io.joulebench.core.study.StudyFixtures.cell;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The grouping examples of upstream's bundles/grouping tests (spec §7). */
class SessionGroupingTest {

    private static List<List<Integer>> groups(List<ResolvedCell> cells) {
        return SessionGrouping.partition(cells).stream().map(SessionGroup::cellIndices).toList();
    }

    private static List<List<Integer>> planned(String yaml) {
        return StudyPlan.of(StudyFixtures.load(yaml)).groups().stream().map(SessionGroup::cellIndices).toList();
    }

    @Test
    void rate_offline_rate_splits_at_the_offline_cell() {
        List<GridCell> server = StudyFixtures.load("serving_mode: server\nsweep:\n  server.traffic.rate: [10, 20]\n").cells();
        GridCell offline = StudyFixtures.load("serving_mode: offline\n").cells().get(0);
        List<ResolvedCell> cells = List.of(cell(0, server.get(0), 1), cell(1, server.get(1), 1), cell(2, offline, 1),
                cell(3, server.get(0), 2));
        assertThat(groups(cells)).containsExactly(List.of(0, 1), List.of(2), List.of(3));
    }

    @Test
    void a_non_rate_difference_splits_the_group() {
        assertThat(planned("""
                serving_mode: server
                experiments:
                  - server: {traffic: {rate: 1}}
                  - server: {traffic: {rate: 2}}
                  - server: {traffic: {rate: 3, arrival: gamma}}
                  - server: {traffic: {rate: 4, arrival: gamma}}
                """)).containsExactly(List.of(0, 1), List.of(2, 3));
    }

    @Test
    void sequential_with_two_cycles_gives_singletons() {
        assertThat(planned("serving_mode: server\nstudy_execution: {n_cycles: 2}\nsweep:\n  server.traffic.rate: [1, 2, 4]\n"))
                .containsExactly(List.of(0), List.of(1), List.of(2), List.of(3), List.of(4), List.of(5));
    }

    @Test
    void interleave_with_two_cycles_gives_one_group_per_pass() {
        assertThat(planned("serving_mode: server\nstudy_execution: {n_cycles: 2, experiment_order: interleave}\n"
                + "sweep:\n  server.traffic.rate: [1, 2, 4]\n")).containsExactly(List.of(0, 1, 2), List.of(3, 4, 5));
    }

    @Test
    void a_single_cycle_sweep_folds_under_any_order() {
        for (String order : List.of("sequential", "interleave", "shuffle", "reverse")) {
            assertThat(planned("serving_mode: server\nstudy_execution: {experiment_order: " + order + "}\n"
                    + "sweep:\n  server.traffic.rate: [1, 2, 4]\n")).as(order).containsExactly(List.of(0, 1, 2));
        }
    }

    @Test
    void slo_differences_do_not_split_a_group() {
        List<GridCell> a = StudyFixtures.load("serving_mode: server\nserver: {traffic: {rate: 1, slo: {ttft_ms: 10}}}\n").cells();
        List<GridCell> b = StudyFixtures.load("serving_mode: server\nserver: {traffic: {rate: 2, slo: {ttft_ms: 99}}}\n").cells();
        assertThat(groups(List.of(cell(0, a.get(0), 1), cell(1, b.get(0), 1)))).containsExactly(List.of(0, 1));
    }

    @Test
    void sequential_hint_fires_only_when_grouping_is_defeated() {
        String sweep = "sweep:\n  server.traffic.rate: [1, 2]\n";
        assertThat(StudyPlan.of(StudyFixtures.load("serving_mode: server\nstudy_execution: {n_cycles: 3}\n" + sweep))
                .warnings()).singleElement().satisfies(w -> assertThat(w).contains("experiment_order: interleave"));
        assertThat(StudyPlan.of(StudyFixtures.load("serving_mode: server\nstudy_execution: {n_cycles: 3, "
                + "experiment_order: interleave}\n" + sweep)).warnings()).isEmpty();
        assertThat(StudyPlan.of(StudyFixtures.load("serving_mode: server\n" + sweep)).warnings()).isEmpty();
        assertThat(StudyPlan.of(StudyFixtures.load("serving_mode: offline\nstudy_execution: {n_cycles: 3}\n"
                + "sweep:\n  offline.concurrency: [1, 2]\n")).warnings()).isEmpty();
        assertThat(StudyPlan.of(StudyFixtures.load("serving_mode: server\nserver: {traffic: {rate: 1}}\n"
                + "study_execution: {n_cycles: 3}\nsweep:\n  server.traffic.slo.ttft_ms: [10, 20]\n")).warnings()).isEmpty();
    }
}

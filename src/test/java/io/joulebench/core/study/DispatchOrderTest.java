package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DispatchOrderTest {

    private static Study sweep(String order, int cycles) {
        return StudyFixtures.load("serving_mode: server\nstudy_execution: {experiment_order: " + order + ", n_cycles: "
                + cycles + "}\nsweep:\n  server.traffic.rate: [1, 2, 3, 4, 5]\n");
    }

    private static List<Double> rates(List<ResolvedCell> cells) {
        return cells.stream().map(ResolvedCell::rate).toList();
    }

    @Test
    void sequential_keeps_each_cells_cycles_adjacent() {
        Study s = sweep("sequential", 2);
        List<ResolvedCell> cells = DispatchOrder.order(s.cells(), s.execution(), s.designHash());
        assertThat(rates(cells)).containsExactly(1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0);
        assertThat(cells).extracting(ResolvedCell::cycle).containsExactly(1, 2, 1, 2, 1, 2, 1, 2, 1, 2);
    }

    @Test
    void interleave_runs_pass_by_pass() {
        Study s = sweep("interleave", 2);
        List<ResolvedCell> cells = DispatchOrder.order(s.cells(), s.execution(), s.designHash());
        assertThat(rates(cells)).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 1.0, 2.0, 3.0, 4.0, 5.0);
        assertThat(cells).extracting(ResolvedCell::cycle).containsExactly(1, 1, 1, 1, 1, 2, 2, 2, 2, 2);
        assertThat(cells).extracting(ResolvedCell::index).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void reverse_runs_each_pass_in_reverse_grid_order() {
        Study s = sweep("reverse", 2);
        assertThat(rates(DispatchOrder.order(s.cells(), s.execution(), s.designHash())))
                .containsExactly(5.0, 4.0, 3.0, 2.0, 1.0, 5.0, 4.0, 3.0, 2.0, 1.0);
    }

    @Test
    void shuffle_is_reproducible_from_the_design_hash_and_permutes_each_pass() {
        Study s = sweep("shuffle", 3);
        List<Double> first = rates(DispatchOrder.order(s.cells(), s.execution(), s.designHash()));
        List<Double> again = rates(DispatchOrder.order(s.cells(), s.execution(), s.designHash()));
        assertThat(first).isEqualTo(again);
        for (int pass = 0; pass < 3; pass++) {
            assertThat(first.subList(pass * 5, pass * 5 + 5)).containsExactlyInAnyOrder(1.0, 2.0, 3.0, 4.0, 5.0);
        }
        List<Double> otherSeed = rates(DispatchOrder.order(s.cells(), s.execution(), "0000000000000001"));
        assertThat(otherSeed).isNotEqualTo(first);
        assertThat(first).isNotEqualTo(rates(DispatchOrder.order(s.cells(),
                new ExecutionConfig(3, ExperimentOrder.INTERLEAVE, null, 600, 0, 0, null), s.designHash())));
    }

    @Test
    void explicit_shuffle_seed_overrides_the_design_hash() {
        Study a = StudyFixtures.load("serving_mode: server\nstudy_execution: {experiment_order: shuffle, shuffle_seed: 9}\n"
                + "sweep:\n  server.traffic.rate: [1, 2, 3, 4, 5, 6]\n");
        Study b = StudyFixtures.load("study_name: other\nserving_mode: server\nstudy_execution: {experiment_order: shuffle,"
                + " shuffle_seed: 9}\nsweep:\n  server.traffic.rate: [1, 2, 3, 4, 5, 6]\n");
        assertThat(a.designHash()).isNotEqualTo(b.designHash());
        assertThat(rates(DispatchOrder.order(a.cells(), a.execution(), a.designHash())))
                .isEqualTo(rates(DispatchOrder.order(b.cells(), b.execution(), b.designHash())));
    }
}

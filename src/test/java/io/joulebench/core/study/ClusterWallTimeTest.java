package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.results.Studies;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterWallTimeTest {

    @TempDir
    Path tmp;

    private static final String SEQUENTIAL = """
            study_name: seq
            serving_mode: server
            engine: reference
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server: {traffic: {window_seconds: 5, ramp_exclusion_seconds: 0}, windows_per_level: 3}
            study_execution: {n_cycles: 2, experiment_order: sequential}
            sweep: {server.traffic.rate: [2, 8, 32]}
            """;

    @Test
    void groups_are_packed_in_order_onto_the_free_slots() {
        // 10, 4, 4, 4 on two slots: 10 on one; 4, 4, 4 then 4 on the other (12) — the last ends at 12
        assertThat(ClusterWallTime.packed(List.of(10.0, 4.0, 4.0, 4.0), 2)).isEqualTo(12.0);
        assertThat(ClusterWallTime.packed(List.of(10.0, 4.0, 4.0, 4.0), 1)).isEqualTo(22.0);
        assertThat(ClusterWallTime.packed(List.of(10.0, 4.0), 8)).isEqualTo(10.0);
        assertThat(ClusterWallTime.packed(List.of(), 2)).isZero();
    }

    @Test
    void one_job_per_session_group_each_with_its_own_estimate() {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", SEQUENTIAL));
        ClusterWallTime two = ClusterWallTime.of(plan, 2);

        // sequential, two cycles: each rate of each cycle is its own launch, so six groups of one level each
        assertThat(two.jobs()).isEqualTo(plan.groups().size()).isEqualTo(6);
        assertThat(two.parallelism()).isEqualTo(2);
        double one = WallTimeEstimator.estimate(plan.cells(), List.of(plan.groups().get(0)),
                plan.study().execution()).totalSeconds();
        assertThat(two.groupSeconds()).containsOnly(one);
        assertThat(two.totalSeconds()).isEqualTo(3 * one);
        assertThat(ClusterWallTime.of(plan, 8).totalSeconds()).isEqualTo(one);
        assertThat(ClusterWallTime.of(plan, 8).parallelism()).isEqualTo(6);
        assertThat(ClusterWallTime.of(plan, 1).totalSeconds())
                .as("one job at a time: the groups one after another (this study has no gaps: the local estimate)")
                .isEqualTo(6 * one).isEqualTo(plan.estimate().totalSeconds());
    }

    @Test
    void no_slot_is_refused() {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", SEQUENTIAL));
        assertThatThrownBy(() -> ClusterWallTime.of(plan, 0)).hasMessageContaining("max_parallel_jobs");
    }
}

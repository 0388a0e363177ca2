package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StudyPlanTest {

    @Test
    void quickstart_is_one_launch_nine_windows_about_two_minutes() throws Exception {
        StudyPlan plan = StudyPlan.of(new StudyLoader().load(Path.of("examples/quickstart.yaml")));
        assertThat(plan.launches()).isEqualTo(1);
        assertThat(plan.totalWindows()).isEqualTo(9);
        WallTimeEstimate t = plan.estimate();
        assertThat(t.warmupIsUpperBound()).isFalse();
        assertThat(t.warmupSeconds()).isEqualTo(9.0);
        assertThat(t.rampSeconds()).isEqualTo(6.0);
        assertThat(t.measuredSeconds()).as("3 × (20 + 8 + 6) s: window_seconds_by_rate").isEqualTo(102.0);
        assertThat(t.baselineSeconds()).isZero();
        assertThat(t.totalSeconds()).isCloseTo(1.0 + 9 + 6 + 102, within(1e-9));
    }

    @Test
    void composite_warmup_makes_the_estimate_an_upper_bound() throws Exception {
        StudyPlan plan = StudyPlan.of(new StudyLoader().load(Path.of("examples/upstream-tutorial.yaml")));
        WallTimeEstimate t = plan.estimate();
        assertThat(t.warmupIsUpperBound()).isTrue();
        assertThat(t.warmupSeconds()).isEqualTo(3 * 900.0);
        assertThat(t.launchSeconds()).isEqualTo(90.0);
        assertThat(t.baselineSeconds()).isEqualTo(30.0);
        assertThat(t.measuredSeconds()).isEqualTo(3 * 3 * 240.0);
        assertThat(t.rampSeconds()).isEqualTo(3 * 30.0);
        assertThat(t.totalSeconds()).isEqualTo(90 + 30 + 2700 + 90 + 2160);
        assertThat(t.assumptions()).anySatisfy(a -> assertThat(a).contains("upper bound"));
    }

    @Test
    void sequential_cycles_multiply_launches_and_gaps_are_counted() {
        StudyPlan plan = StudyPlan.of(StudyFixtures.load("""
                serving_mode: server
                measurement: {baseline: {enabled: false}}
                server:
                  traffic: {window_seconds: 10, ramp_exclusion_seconds: 1}
                  warmup: {mode: fixed, duration_seconds: 2}
                  cooldown_seconds: 4
                  windows_per_level: 2
                study_execution: {n_cycles: 2, experiment_gap_seconds: 5, cycle_gap_seconds: 7}
                sweep:
                  server.traffic.rate: [1, 2]
                """));
        assertThat(plan.cells()).hasSize(4);
        assertThat(plan.launches()).isEqualTo(4);
        assertThat(plan.totalWindows()).isEqualTo(8);
        WallTimeEstimate t = plan.estimate();
        assertThat(t.gapSeconds()).isEqualTo(3 * 5 + 7);
        assertThat(t.cooldownSeconds()).isEqualTo(16);
        assertThat(t.totalSeconds()).isEqualTo(4 * 1.0 + 4 * (2 + 1 + 20 + 4) + 22);
    }

    @Test
    void offline_cells_count_one_window_and_a_batch_estimate() {
        StudyPlan plan = StudyPlan.of(StudyFixtures.load(
                "serving_mode: offline\nmeasurement: {baseline: {enabled: false}}\ntask: {max_output_tokens: 100, "
                        + "dataset: {n_prompts: 50}}\n"));
        assertThat(plan.totalWindows()).isEqualTo(1);
        assertThat(plan.estimate().offlineSeconds()).isEqualTo(50 * 100 / 1000.0);
    }

    @Test
    void formatter_lists_cells_groups_and_estimate() throws Exception {
        StudyPlan plan = StudyPlan.of(new StudyLoader().load(Path.of("examples/quickstart.yaml")));
        String text = String.join("\n", StudyPlanFormatter.lines(plan));
        assertThat(text).contains(plan.cells().get(0).configHash()).contains("40/s").contains("cells [0, 1, 2]")
                .contains("launches: 1").contains("measured windows: 9").contains("estimated wall time: 1m58s");
        assertThat(StudyPlanFormatter.duration(3725)).isEqualTo("1h02m05s");
        assertThat(StudyPlanFormatter.duration(4.5)).isEqualTo("4.5s");
    }
}

package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.slo.LevelMetric;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code server.capacity_search} (a Joulebench extension): keys, their checks, the printed plan and the wall time. */
class CapacitySearchKeysTest {

    private static final String SEARCH = """
            serving_mode: server
            server:
              warmup: {mode: fixed, duration_seconds: 10}
              traffic: {window_seconds: 30, ramp_exclusion_seconds: 2}
              windows_per_level: 3
              capacity_search:
                slo: {tpot_p50_ms: 15, ttft_p99: 500}
                max_error_fraction: 0.02
                min_rate: 4
                max_rate: 56
                tolerance: 1
                probe_seconds: 5
                measure_fractions: [1.0, 0.5]
            """;

    @Test
    void a_search_cell_reads_its_slo_range_probes_and_fractions() {
        Study study = StudyFixtures.load(SEARCH);
        CapacitySearchConfig c = study.cells().getFirst().experiment().server().capacitySearch();
        assertThat(c.slo().bounds()).extracting(b -> b.metric()).containsExactly(LevelMetric.TPOT_P50,
                LevelMetric.TTFT_P99);
        assertThat(c.slo().bounds()).extracting(b -> b.limit()).containsExactly(15.0, 500.0);
        assertThat(c.maxErrorFraction()).isEqualTo(0.02);
        assertThat(List.of(c.minRate(), c.maxRate(), c.tolerance(), c.probeSeconds())).containsExactly(4.0, 56.0, 1.0,
                5.0);
        assertThat(c.measureFractions()).as("one cell per fraction").containsExactly(1.0);
        assertThat(study.cells()).hasSize(2);
        assertThat(study.cells().getLast().experiment().server().capacitySearch().measureFractions())
                .containsExactly(0.5);
        assertThat(study.cells().getFirst().experiment().server().traffic().rate()).as("the search chooses the rates").isNull();
    }

    @Test
    void defaults_are_twenty_second_probes_measuring_the_capacity_itself_and_no_error_bound() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server: {capacity_search: {slo: {ttft_p99_ms: 500}, min_rate: 1, max_rate: 9, tolerance: 0.5}}
                """);
        CapacitySearchConfig c = study.cells().getFirst().experiment().server().capacitySearch();
        assertThat(c.probeSeconds()).isEqualTo(20);
        assertThat(c.measureFractions()).containsExactly(1.0);
        assertThat(c.maxErrorFraction()).isNull();
        assertThat(StudyFixtures.load(StudyFixtures.MINIMAL).cells().getFirst().experiment().server().capacitySearch())
                .isNull();
    }

    @Test
    void worst_case_probes_are_two_plus_the_halvings_to_the_tolerance() {
        CapacitySearchConfig c = StudyFixtures.load(SEARCH).cells().getFirst().experiment().server().capacitySearch();
        // (56 − 4) / 1 = 52 → ⌈log₂ 52⌉ = 6 halvings
        assertThat(c.search().worstCaseProbes()).isEqualTo(2 + 6);
        assertThat(new CapacitySearchConfig(c.slo(), null, 1, 65, 1, 5, List.of(1.0)).search().worstCaseProbes())
                .as("(65 − 1) / 1 = 64 = 2⁶ exactly").isEqualTo(2 + 6);
        assertThat(new CapacitySearchConfig(c.slo(), null, 1, 2, 4, 5, List.of(1.0)).search().worstCaseProbes())
                .as("a range already within the tolerance").isEqualTo(2);
    }

    @Test
    void the_wall_time_counts_the_worst_case_probes_and_one_full_level_per_fraction() {
        StudyPlan plan = StudyPlan.of(StudyFixtures.load(SEARCH));
        WallTimeEstimate t = plan.estimate();
        assertThat(t.probeSeconds()).isEqualTo(8 * (2 + 5));
        assertThat(t.measuredSeconds()).isEqualTo(2 * 3 * 30);
        assertThat(t.warmupSeconds()).isEqualTo(2 * 10);
        assertThat(t.rampSeconds()).isEqualTo(2 * 2);
        assertThat(t.warmupIsUpperBound()).as("the probe count is a worst case").isTrue();
        assertThat(t.totalSeconds()).isEqualTo(t.launchSeconds() + t.baselineSeconds() + 56 + 180 + 20 + 4);
        assertThat(plan.totalWindows()).isEqualTo(2 * 3);
        assertThat(WallTimeEstimator.levelSeconds(plan.cells().getFirst().experiment()))
                .as("a cell measures one fraction").isEqualTo(56 + (10 + 2 + 90));
    }

    @Test
    void validate_prints_the_search_plan() {
        List<String> lines = StudyPlanFormatter.lines(StudyPlan.of(StudyFixtures.load(SEARCH)));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("search"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("capacity search for tpot_p50_ms ≤ 15, ttft_p99_ms ≤ 500")
                .contains("errors ≤ 2 %"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("rates 4–56 req/s to 1 req/s: at most 8 probes of 5s")
                .contains("[100 %, 50 %]"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("capacity probes 56s"));
    }

    @Test
    void a_rate_or_a_trace_beside_the_search_is_refused_naming_the_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  traffic:
                    rate: 4
                  capacity_search: {slo: {ttft_p99_ms: 500}, min_rate: 1, max_rate: 9, tolerance: 1}
                """);
        assertThat(errors).singleElement().satisfies(e -> assertThat(e.format()).contains("server.traffic.rate")
                .contains(":4:").contains("cannot be combined with server.capacity_search"));
    }

    @Test
    void a_bound_that_is_not_a_latency_percentile_or_a_missing_range_is_named() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  capacity_search:
                    slo:
                      goodput_tokens_s: 100
                      ttft_p98_ms: 500
                    min_rate: 10
                    max_rate: 5
                """);
        assertThat(errors).extracting(StudyError::format).anySatisfy(f -> assertThat(f)
                .contains("server.capacity_search.slo.goodput_tokens_s").contains(":5:")
                .contains("is not a latency percentile"));
        assertThat(errors).extracting(StudyError::format).anySatisfy(f -> assertThat(f)
                .contains("server.capacity_search.slo.ttft_p98_ms").contains(":6:"));
        assertThat(errors).extracting(StudyError::format).anySatisfy(f -> assertThat(f)
                .contains("server.capacity_search.tolerance").contains("is required"));
        assertThat(errors).extracting(StudyError::format).anySatisfy(f -> assertThat(f)
                .contains("server.capacity_search.max_rate").contains(":8:").contains("must be above min_rate"));
        assertThat(errors).hasSize(4);
    }

    @Test
    void a_search_without_bounds_or_a_fraction_above_one_is_refused() {
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                server: {capacity_search: {min_rate: 1, max_rate: 9, tolerance: 1}}
                """)).singleElement().satisfies(e -> assertThat(e.format())
                .contains("server.capacity_search.slo").contains("at least one latency bound"));
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  capacity_search:
                    slo: {ttft_p99_ms: 500}
                    min_rate: 1
                    max_rate: 9
                    tolerance: 1
                    measure_fractions: [1.0, 1.5]
                """)).singleElement().satisfies(e -> assertThat(e.format())
                .contains("server.capacity_search.measure_fractions").contains(":8:"));
    }

    @Test
    void each_measured_fraction_is_its_own_cell_and_the_fractions_of_one_search_share_a_session() {
        StudyPlan plan = StudyPlan.of(StudyFixtures.load(SEARCH));
        assertThat(plan.cells()).extracting(ResolvedCell::label)
                .containsExactly("capacity × 1.0", "capacity × 0.5");
        assertThat(plan.cells().get(0).configHash()).isNotEqualTo(plan.cells().get(1).configHash());
        assertThat(plan.groups()).singleElement().satisfies(g -> assertThat(g.cellIndices()).containsExactly(0, 1));
        assertThat(plan.warnings()).noneMatch(w -> w.contains("capacity_search"));
        StudyPlan other = StudyPlan.of(StudyFixtures.load(SEARCH.replace("max_rate: 56", "max_rate: 60")));
        assertThat(other.cells().get(0).configHash()).as("another search is another config")
                .isNotEqualTo(plan.cells().get(0).configHash());
    }

    @Test
    void the_example_study_validates_and_plans_its_search() throws Exception {
        Study study = new StudyLoader().load(StudyFixtures.examples().resolve("capacity-search.yaml"));
        CapacitySearchConfig c = study.cells().getFirst().experiment().server().capacitySearch();
        assertThat(c.search().worstCaseProbes()).isEqualTo(8);
        assertThat(study.cells()).extracting(cell -> cell.experiment().server().capacitySearch().measureFractions())
                .containsExactly(List.of(1.0), List.of(0.5));
        assertThat(StudyPlanFormatter.lines(StudyPlan.of(study)))
                .anySatisfy(l -> assertThat(l).contains("at most 8 probes of 6s"));
    }

    @Test
    void a_value_that_failed_its_range_is_reported_once_and_a_search_sweep_plans_each_search_once() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  capacity_search:
                    slo: {ttft_p99_ms: 0}
                    min_rate: 0
                    max_rate: 9
                    tolerance: 1
                """);
        assertThat(errors).extracting(StudyError::format).containsExactly(
                "test.yaml:4:11: server.capacity_search.slo.ttft_p99_ms: must be > 0 (got 0)",
                "test.yaml:5:5: server.capacity_search.min_rate: must be > 0 (got 0)");
        StudyPlan plan = StudyPlan.of(StudyFixtures.load("""
                serving_mode: server
                server: {capacity_search: {slo: {ttft_p99_ms: 500}, min_rate: 1, max_rate: 9, tolerance: 1}}
                sweep: {server.capacity_search.max_rate: [9, 17]}
                study_execution: {n_cycles: 2}
                """));
        assertThat(plan.cells()).hasSize(4);
        assertThat(StudyPlanFormatter.lines(plan).stream().filter(l -> l.contains("capacity search for"))).hasSize(2);
    }
}

package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** upstream's sweep grammar: idioms, scalar axes, dependent groups, engine-scoped axes and engine lists. */
class SweepGrammarTest {

    private static final String BASE = """
            serving_mode: server
            engine: vllm
            task: {model: m}
            server: {traffic: {rate: 1}}
            """;

    private static List<String> cells(String yaml) {
        return StudyFixtures.load(yaml).cells().stream().map(GridCell::label).toList();
    }

    private static List<String> rates(String sweep) {
        return StudyFixtures.load(BASE + sweep).cells().stream()
                .map(c -> c.config().at("/server/traffic/rate").toString()).toList();
    }

    @Test
    void min_max_num_is_evenly_spaced_with_whole_numbers_when_the_bounds_and_steps_are_whole() {
        assertThat(rates("sweep: {server.traffic.rate: {min: 2, max: 8, num: 4}}\n")).containsExactly("2", "4", "6", "8");
        assertThat(rates("sweep: {server.traffic.rate: {min: 1, max: 2, num: 3}}\n")).containsExactly("1.0", "1.5", "2.0");
        assertThat(rates("sweep: {server.traffic.rate: {min: 0.1, max: 0.3, num: 3}}\n"))
                .containsExactly("0.1", "0.2", "0.3");
    }

    @Test
    void log_idiom_is_log_spaced_and_pow2_lists_the_powers_of_two_within_the_bounds() {
        assertThat(rates("sweep: {server.traffic.rate: {log: {min: 1, max: 100, num: 3}}}\n"))
                .containsExactly("1", "10", "100");
        assertThat(rates("sweep: {server.traffic.rate: {pow2: {min: 3, max: 40}}}\n")).containsExactly("4", "8", "16", "32");
        assertThat(rates("sweep: {server.traffic.rate: {pow2: {min: 0.25, max: 1}}}\n"))
                .containsExactly("0.25", "0.5", "1.0");
    }

    @Test
    void a_scalar_axis_value_is_a_one_element_axis() {
        assertThat(rates("sweep: {server.traffic.rate: 4}\n")).containsExactly("4");
    }

    @Test
    void a_bad_idiom_is_an_error_naming_the_axis_and_the_idioms() {
        assertThat(StudyFixtures.errorsOf(BASE + "sweep: {server.traffic.rate: {log: {min: 0, max: 8, num: 3}}}\n"))
                .singleElement().satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("sweep.server.traffic.rate");
                    assertThat(e.rule()).contains("min > 0");
                });
        assertThat(StudyFixtures.errorsOf(BASE + "sweep: {server.traffic.rate: {min: 1, max: 8}}\n"))
                .singleElement().satisfies(e -> assertThat(e.rule()).contains("is not a sweep idiom")
                        .contains("{pow2: {min: a, max: b}}"));
    }

    @Test
    void a_dependent_group_is_a_union_of_alternatives_crossed_with_the_axes_groups_outermost() {
        assertThat(cells(BASE + """
                sweep:
                  server.traffic.rate: [2, 4]
                  load_shape:
                    - {}
                    - {server.traffic.arrival: gamma, server.traffic.burstiness: [2, 4]}
                """)).containsExactly(
                "load_shape={}, rate=2", "load_shape={}, rate=4",
                "load_shape={arrival='gamma', burstiness=2}, rate=2", "load_shape={arrival='gamma', burstiness=2}, rate=4",
                "load_shape={arrival='gamma', burstiness=4}, rate=2", "load_shape={arrival='gamma', burstiness=4}, rate=4");
    }

    @Test
    void a_group_mixing_mappings_and_values_or_naming_no_field_is_an_error() {
        assertThat(StudyFixtures.errorsOf(BASE + "sweep: {g: [{server.traffic.rate: 2}, 3]}\n"))
                .singleElement().satisfies(e -> assertThat(e.rule()).contains("mixes mappings"));
        assertThat(StudyFixtures.errorsOf(BASE + "sweep: {g: [{server.trafic.rate: 2}]}\n"))
                .singleElement().satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("sweep.g[0].server.trafic.rate");
                    assertThat(e.suggestion()).isEqualTo("server.traffic.rate");
                });
    }

    @Test
    void engine_scoped_axes_imply_their_engine_and_apply_only_to_its_cells() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                task: {model: m}
                server: {traffic: {rate: 2}}
                sweep:
                  server.traffic.rate: [2, 4]
                  vllm.engine_params.max_num_seqs: [64, 256]
                  sglang.engine_params.max_num_seqs: [32]
                """);
        assertThat(study.cells()).extracting(GridCell::label).containsExactly(
                "engine=sglang, rate=2, max_num_seqs=32", "engine=sglang, rate=4, max_num_seqs=32",
                "engine=vllm, rate=2, max_num_seqs=64", "engine=vllm, rate=2, max_num_seqs=256",
                "engine=vllm, rate=4, max_num_seqs=64", "engine=vllm, rate=4, max_num_seqs=256");
        assertThat(study.cells().get(2).config().at("/vllm/engine_params/max_num_seqs").asInt()).isEqualTo(64);
        assertThat(study.cells().get(0).config().has("vllm")).isFalse();
    }

    @Test
    void an_explicit_engine_beside_scoped_axes_gets_its_own_baseline_cells() {
        assertThat(cells(BASE.replace("engine: vllm", "engine: tgi") + "sweep: {vllm.engine_params.max_num_seqs: [64]}\n"))
                .containsExactly("engine=tgi", "engine=vllm, max_num_seqs=64");
    }

    @Test
    void engine_as_a_list_expands_every_engine_in_its_order() {
        Study study = StudyFixtures.load(BASE.replace("engine: vllm", "engine: [vllm, tensorrt]")
                + "sweep: {server.traffic.rate: [2, 4]}\n");
        assertThat(study.cells()).extracting(GridCell::label).containsExactly(
                "engine=vllm, rate=2", "engine=vllm, rate=4", "engine=trtllm, rate=2", "engine=trtllm, rate=4");
        assertThat(study.cells()).extracting(c -> c.experiment().engine())
                .containsExactly("vllm", "vllm", "trtllm", "trtllm");
    }

    @Test
    void an_unknown_engine_in_the_list_is_an_error_at_its_index() {
        assertThat(StudyFixtures.errorsOf(BASE.replace("engine: vllm", "engine: [vllm, vlm]")))
                .anySatisfy(e -> assertThat(e.keyPath()).isEqualTo("engine[1]"));
    }
}

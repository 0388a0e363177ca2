package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An endpoint study's cells share one session unless what the session holds differs (issue 33), and launch settings
 * that differ between the cells of one URL are refused however the study made them differ.
 */
class EndpointGroupingTest {

    private static final String STUDY = """
            serving_mode: server
            engine: vllm
            runners: {vllm: %s}
            task: {model: org/m}
            vllm: {%s}
            server: {traffic: {rate: 2}}
            %s
            """;

    private static final String ENDPOINT = "url: \"http://h:8000\"";
    private static final String PROCESS = "command: [vllm, serve, \"{model}\", --port, \"{port}\"]";

    private static List<List<Integer>> groups(String runner, String block, String rest) {
        return StudyPlan.of(StudyFixtures.load(STUDY.formatted(runner, block, rest))).groups().stream()
                .map(SessionGroup::cellIndices).toList();
    }

    @Test
    void cells_that_differ_in_workload_and_level_settings_share_one_endpoint_session() {
        String sweep = """
                sweep:
                  task.max_output_tokens: [64, 256]
                  server.traffic.arrival: [poisson, gamma]
                  server.windows_per_level: [3, 4]
                  server.traffic.rate: [1, 2]
                """;
        assertThat(groups("endpoint", ENDPOINT, sweep)).singleElement()
                .satisfies(g -> assertThat(g).hasSize(16));
        assertThat(groups("process", PROCESS, sweep)).as("a launched server still launches per workload").hasSize(8);
    }

    @Test
    void a_different_measurement_or_cycle_still_starts_another_endpoint_session() {
        assertThat(groups("endpoint", ENDPOINT, """
                study_execution: {n_cycles: 2, experiment_order: interleave}
                sweep: {task.max_output_tokens: [64, 256]}
                """)).containsExactly(List.of(0, 1), List.of(2, 3));
        assertThat(groups("endpoint", ENDPOINT, """
                experiments:
                  - measurement: {energy_sampler: simulated}
                  - measurement: {energy_sampler: cpu-estimate}
                """)).hasSize(2);
    }

    @Test
    void the_prompt_key_tells_prompt_settings_apart_and_ignores_the_rest() {
        Study s = StudyFixtures.load(STUDY.formatted("endpoint", ENDPOINT,
                "sweep: {task.max_output_tokens: [64, 256], server.traffic.rate: [1, 2]}"));
        List<String> keys = s.cells().stream().map(c -> SessionGrouping.promptKey(c.config())).distinct().toList();
        assertThat(keys).hasSize(2).allSatisfy(k -> assertThat(k).contains("max_output_tokens").doesNotContain("rate"));
    }

    @Test
    void launch_settings_that_differ_across_experiments_on_one_url_are_refused_naming_them() {
        List<StudyError> errors = StudyFixtures.errorsOf(STUDY.formatted("endpoint", ENDPOINT, """
                experiments:
                  - vllm: {engine_params: {max_num_seqs: 64}}
                  - vllm: {engine_params: {max_num_seqs: 128}}
                """));
        assertThat(errors).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).isEqualTo("runners.vllm");
            assertThat(e.format()).contains("an endpoint server cannot honour",
                    "vllm.engine_params.max_num_seqs", "attached, not launched");
        });
    }

    @Test
    void two_endpoints_may_differ_in_their_settings_and_are_two_sessions() {
        String yaml = STUDY.formatted("endpoint", ENDPOINT, """
                experiments:
                  - vllm: {url: "http://a:8000", engine_params: {max_num_seqs: 64}}
                  - vllm: {url: "http://b:8000", engine_params: {max_num_seqs: 128}}
                """);
        assertThat(StudyPlan.of(StudyFixtures.load(yaml)).groups()).hasSize(2);
    }
}

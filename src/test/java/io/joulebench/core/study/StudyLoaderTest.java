package io.joulebench.core.study;

import static io.joulebench.core.study.StudyFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.warmup.WarmupMode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StudyLoaderTest {

    @Test
    void minimal_study_gets_upstream_defaults() {
        Study study = load(StudyFixtures.MINIMAL);
        assertThat(study.studyName()).isEqualTo("test");
        assertThat(study.cells()).hasSize(1);
        ExperimentConfig e = study.cells().get(0).experiment();
        assertThat(e.mode()).isEqualTo(ServingMode.SERVER);
        assertThat(e.engine()).isEqualTo("reference");
        assertThat(e.runner()).isEqualTo("in-process");
        assertThat(e.task()).isEqualTo(new TaskConfig(null, new DatasetConfig("builtin", 100, PromptOrder.INTERLEAVED),
                256, 256, 42, OpenAiEndpoint.COMPLETIONS));
        assertThat(e.measurement()).isEqualTo(new MeasurementConfig("auto", java.util.List.of(), true, 30.0, 100));
        assertThat(e.server().traffic()).isEqualTo(new TrafficConfig(4.0, ArrivalProcess.POISSON, null, null, 240.0,
                30.0, null, null, null, 60.0));
        assertThat(e.server().warmup()).isEqualTo(new WarmupSettings(WarmupMode.COMPOSITE, 900.0, 300.0));
        assertThat(e.server().cooldownSeconds()).isZero();
        assertThat(e.server().windowsPerLevel()).isEqualTo(3);
        assertThat(e.server().stabilityCvThreshold()).isEqualTo(0.05);
        assertThat(e.server().maxErrorFraction()).isEqualTo(0.01);
        assertThat(e.offline()).isNull();
        assertThat(e.reference().profile()).isEqualTo("small");
        assertThat(e.reference().gpus()).isEqualTo(1);
        assertThat(e.reference().faults().any()).isFalse();
        assertThat(e.engineOptions()).isNull();
        assertThat(study.execution()).isEqualTo(new ExecutionConfig(1, ExperimentOrder.SEQUENTIAL, null, 600.0, 0.0,
                0.0, null, 10, 60.0));
    }

    @Test
    void the_request_failure_limit_is_set_per_study_and_sweepable() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server: {traffic: {rate: 4}, max_error_fraction: 0.05}
                sweep: {server.max_error_fraction: [0, 0.2]}
                """);
        assertThat(study.cells()).extracting(c -> c.experiment().server().maxErrorFraction()).containsExactly(0.0, 0.2);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"fast", "-2", "0", ".nan"})
    void a_base_value_the_sweep_replaces_in_every_cell_is_warned_about_with_key_and_line(String rate) {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server:
                  traffic:
                    rate: %s
                sweep: {server.traffic.rate: [2, 4]}
                """.formatted(rate));
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().rate()).containsExactly(2.0, 4.0);
        assertThat(study.warnings()).singleElement().asString()
                .contains(":4:").contains("server.traffic.rate: ")
                .contains("is replaced by sweep.server.traffic.rate in every cell")
                .contains("on its own it would not be valid: ");
        assertThat(StudyPlan.of(study).warnings()).contains(study.warnings().get(0));
    }

    @Test
    void a_valid_base_value_the_sweep_replaces_is_a_note_and_one_used_by_experiments_is_neither() {
        Study swept = StudyFixtures.load("""
                serving_mode: server
                server:
                  traffic:
                    rate: 3
                sweep: {server.traffic.rate: [2, 4]}
                """);
        assertThat(swept.warnings()).isEmpty();
        assertThat(swept.notes()).singleElement().asString().contains(":4:")
                .contains("server.traffic.rate: 3 is replaced by sweep.server.traffic.rate in every cell");
        Study unswept = StudyFixtures.load("""
                serving_mode: server
                server: {traffic: {rate: 3}}
                sweep: {server.windows_per_level: [3, 4]}
                """);
        assertThat(unswept.notes()).isEmpty();
        assertThat(unswept.warnings()).isEmpty();
    }

    @Test
    void upstream_tutorial_form_validates_unchanged() throws Exception {
        Study study = new StudyLoader().load(Path.of("examples/upstream-tutorial.yaml"));
        assertThat(study.studyName()).isEqualTo("tutorial-server-mode");
        assertThat(study.execution().order()).isEqualTo(ExperimentOrder.INTERLEAVE);
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().rate()).containsExactly(2.0, 4.0, 8.0);
        assertThat(study.cells()).extracting(GridCell::configHash).doesNotHaveDuplicates();
        ExperimentConfig e = study.cells().get(0).experiment();
        assertThat(e.engine()).isEqualTo("vllm");
        assertThat(e.runner()).isEqualTo("container");
        assertThat(e.task().model()).isEqualTo("Qwen/Qwen2.5-0.5B");
        assertThat(e.task().dataset()).isEqualTo(new DatasetConfig("builtin", 200, PromptOrder.INTERLEAVED));
        assertThat(e.engineOptions().extraArgs()).isEmpty();
        assertThat(study.notes()).anySatisfy(n -> assertThat(n).contains("aienergyscore").contains("builtin"));
        assertThat(StudyPlan.of(study).launches()).isEqualTo(1);
    }

    @Test
    void quickstart_example_is_the_documented_study() throws Exception {
        Study study = new StudyLoader().load(Path.of("examples/quickstart.yaml"));
        assertThat(study.cells()).hasSize(3);
        ServerConfig s = study.cells().get(0).experiment().server();
        assertThat(s.traffic().rampExclusionSeconds()).isEqualTo(2.0);
        assertThat(s.traffic().windowSeconds()).isEqualTo(5.0);
        assertThat(s.windowsPerLevel()).isEqualTo(3);
        assertThat(s.warmup()).isEqualTo(new WarmupSettings(WarmupMode.FIXED, 900.0, 3.0));
        assertThat(study.cells().get(0).experiment().measurement().baselineEnabled()).isFalse();
        assertThat(study.cells().get(0).experiment().runner()).isEqualTo("in-process");
    }

    @Test
    void resolved_cell_holds_only_the_chosen_mode_engine_and_runner() {
        Study study = load("""
                serving_mode: server
                engine: sglang
                runners: {sglang: "container:my/sglang:1", vllm: process}
                task: {model: m}
                vllm: {extra_args: [--foo]}
                sglang: {extra_args: [--tp, "2"], env: {HF_HOME: /cache, N: 3}}
                offline: {concurrency: 4}
                server: {traffic: {rate: 1}}
                """.replace("offline: {concurrency: 4}\n", ""));
        GridCell cell = study.cells().get(0);
        assertThat(cell.config().has("vllm")).isFalse();
        assertThat(cell.config().has("reference")).isFalse();
        assertThat(cell.config().has("offline")).isFalse();
        assertThat(cell.config().has("study_name")).isFalse();
        assertThat(cell.config().path("runners").size()).isEqualTo(1);
        ExperimentConfig e = cell.experiment();
        assertThat(e.runner()).isEqualTo("container:my/sglang:1");
        assertThat(e.engineOptions().extraArgs()).containsExactly("--tp", "2");
        assertThat(e.engineOptions().env()).containsEntry("N", "3").containsEntry("HF_HOME", "/cache");
    }

    @Test
    void offline_study_resolves_offline_block_with_task_prompt_count() {
        Study study = load("serving_mode: offline\ntask: {dataset: {n_prompts: 50}}\noffline: {concurrency: 8}\n");
        ExperimentConfig e = study.cells().get(0).experiment();
        assertThat(e.server()).isNull();
        assertThat(e.offline()).isEqualTo(new OfflineConfig(8, 50));
    }

    @Test
    void the_reference_blocks_cache_keys_are_read_and_default_to_the_engines() {
        ExperimentConfig set = load("""
                serving_mode: server
                server: {traffic: {rate: 2}}
                reference: {prefix_cache_tokens: 0, kv_cache_tokens: 65536}
                """).cells().get(0).experiment();
        assertThat(set.reference().prefixCacheTokens()).isZero();
        assertThat(set.reference().kvCacheTokens()).isEqualTo(65536);
        ExperimentConfig unset = load(StudyFixtures.MINIMAL).cells().get(0).experiment();
        assertThat(unset.reference().prefixCacheTokens()).isNull();
        assertThat(unset.reference().kvCacheTokens()).isNull();
    }

    @Test
    void sweep_is_a_cartesian_product_with_first_axis_outermost() {
        Study study = load("""
                serving_mode: server
                sweep:
                  server.traffic.rate: [1, 2]
                  reference.profile: [small, large]
                """);
        assertThat(study.cells()).extracting(GridCell::label).containsExactly(
                "rate=1, profile='small'", "rate=1, profile='large'", "rate=2, profile='small'", "rate=2, profile='large'");
        assertThat(study.cells()).extracting(c -> c.experiment().reference().profile())
                .containsExactly("small", "large", "small", "large");
    }

    @Test
    void explicit_experiments_deep_merge_onto_the_fixed_config() {
        Study study = load("""
                serving_mode: server
                server:
                  traffic: {rate: 4, arrival: gamma, burstiness: 2}
                  windows_per_level: 5
                experiments:
                  - server: {traffic: {rate: 8}}
                  - server: {traffic: {arrival: poisson}}
                """);
        assertThat(study.cells()).hasSize(2);
        TrafficConfig first = study.cells().get(0).experiment().server().traffic();
        assertThat(first.rate()).isEqualTo(8.0);
        assertThat(first.arrival()).isEqualTo(ArrivalProcess.GAMMA);
        assertThat(first.burstiness()).isEqualTo(2.0);
        assertThat(study.cells().get(1).experiment().server().traffic().arrival()).isEqualTo(ArrivalProcess.POISSON);
        assertThat(study.cells().get(1).experiment().server().windowsPerLevel()).isEqualTo(5);
        assertThat(study.cells()).extracting(GridCell::label).containsExactly("experiments[0]", "experiments[1]");
    }

    @Test
    void equal_resolved_configs_are_deduplicated_and_the_study_says_so() {
        Study study = load("""
                serving_mode: server
                sweep:
                  server.traffic.rate: [2, 2.0, 4]
                """);
        assertThat(study.cells()).hasSize(2);
        assertThat(study.cells()).extracting(GridCell::index).containsExactly(0, 1);
        assertThat(study.notes()).anySatisfy(n -> assertThat(n).contains("rate=2.0").contains("run once"));
    }

    @Test
    void slo_only_differences_deduplicate() {
        Study study = load("""
                serving_mode: server
                server: {traffic: {rate: 4}}
                sweep:
                  server.traffic.slo: [{ttft_ms: 100}, {ttft_ms: 200}]
                """);
        assertThat(study.cells()).hasSize(1);
        assertThat(study.notes()).hasSize(1);
    }

    @Test
    void design_hash_is_stable_across_key_order_and_number_spelling() {
        Study a = load("serving_mode: server\nserver: {traffic: {rate: 4, arrival: gamma}}\n");
        Study b = load("server: {traffic: {arrival: gamma, rate: 4.0}}\nserving_mode: server\n");
        assertThat(a.designHash()).isEqualTo(b.designHash()).hasSize(16);
        assertThat(a.cells().get(0).configHash()).isEqualTo(b.cells().get(0).configHash());
    }

    @Test
    void trace_replaces_rate_and_arrival(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("t.jsonl"), "{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 4}\n");
        java.nio.file.Files.writeString(dir.resolve("s.yaml"), "serving_mode: server\nserver: {traffic: {trace: t.jsonl}}\n");
        Study study = new StudyLoader().load(dir.resolve("s.yaml"));
        assertThat(study.cells().get(0).experiment().server().traffic().trace().file()).isEqualTo("t.jsonl");
        assertThat(study.cells().get(0).experiment().server().traffic().rate()).isNull();
    }
}

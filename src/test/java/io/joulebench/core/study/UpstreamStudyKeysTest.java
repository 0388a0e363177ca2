package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Upstream llenergymeasure v0.7 keys that Joulebench has no field of its own for: each fixture (one per key family,
 * written from upstream's schema) validates, and each upstream key leaves exactly one note saying what it means here.
 */
class UpstreamStudyKeysTest {

    private static final Path DIR = Path.of("src/test/resources/studies/upstream");

    private static Study load(String name) {
        try {
            return new StudyLoader().load(DIR.resolve(name));
        } catch (StudyValidationException e) {
            throw new AssertionError("expected " + name + " to validate:\n" + e.getMessage(), e);
        }
    }

    private static List<String> notesAbout(Study study, String key) {
        return study.notes().stream().filter(n -> n.startsWith(key + ":")).toList();
    }

    @Test
    void the_tutorial_study_exactly_as_upstream_ships_it_validates_with_a_note_per_output_key() throws Exception {
        Study study = new StudyLoader().load(Path.of("examples/upstream-tutorial.yaml"));
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().rate()).containsExactly(2.0, 4.0, 8.0);
        assertThat(notesAbout(study, "output.results_dir")).singleElement().asString().contains("--out");
        assertThat(notesAbout(study, "output.save_timeseries")).singleElement().asString().contains("timeseries.csv");
    }

    @Test
    void base_inherits_the_experiment_file_relative_to_the_study_and_inline_keys_win_whole() {
        Study study = load("study-level-keys.yaml");
        ExperimentConfig e = study.cells().get(0).experiment();
        assertThat(e.engine()).isEqualTo("vllm");
        assertThat(e.server().warmup().durationSeconds()).isEqualTo(10.0);
        // task is written in the study, so it replaces the base file's task whole (upstream's shallow merge)
        assertThat(e.task().model()).isEqualTo("Qwen/Qwen2.5-0.5B");
        assertThat(e.task().maxOutputTokens()).isEqualTo(64);
        assertThat(study.studyName()).isEqualTo("study-level-keys");
        assertThat(notesAbout(study, "base")).singleElement().asString()
                .contains("serving_mode, engine, server").doesNotContain("study_name");
    }

    @Test
    void images_set_the_engine_image_and_version_and_output_are_noted() {
        Study study = load("study-level-keys.yaml");
        assertThat(study.cells().get(0).experiment().engineOptions().image()).isEqualTo("ghcr.io/example/vllm:pinned");
        assertThat(notesAbout(study, "images.vllm")).hasSize(1);
        assertThat(notesAbout(study, "version")).hasSize(1);
        assertThat(notesAbout(study, "output.save_timeseries")).singleElement().asString().contains("not followed");
    }

    @Test
    void a_missing_base_file_is_an_error_naming_base_and_the_resolved_path() {
        List<StudyError> errors = errorsOfFile("base: nowhere.yaml\nserving_mode: server\nserver: {traffic: {rate: 2}}\n");
        assertThat(errors).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).isEqualTo("base");
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.rule()).contains("file not found").contains("nowhere.yaml");
        });
    }

    @Test
    void measurement_and_baseline_keys_are_each_mapped_with_one_note() {
        Study study = load("measurement-keys.yaml");
        assertThat(study.cells().get(0).experiment().measurement().energySampler()).isEqualTo("nvml");
        for (String key : List.of("energy_sampler", "latency_profiling", "measurement_methodology", "measurement_window",
                "warmup_discard_fraction", "warmup_discard_seconds", "steady_state_auto_detect", "baseline.strategy",
                "baseline.cache_ttl_seconds", "baseline.validation_interval", "baseline.drift_threshold")) {
            assertThat(notesAbout(study, "measurement." + key)).as(key).hasSize(1);
        }
    }

    @Test
    void study_execution_keys_are_each_noted_and_null_gaps_mean_left_out() {
        Study study = load("execution-keys.yaml");
        assertThat(study.execution().nCycles()).isEqualTo(2);
        assertThat(study.execution().order()).isEqualTo(ExperimentOrder.SHUFFLE);
        for (String key : List.of("skip_preflight", "wall_clock_timeout_hours", "stdout_silence_timeout_seconds",
                "deduplicate_equivalent", "experiment_gap_seconds", "cycle_gap_seconds")) {
            assertThat(notesAbout(study, "study_execution." + key)).as(key).hasSize(1);
        }
    }

    @Test
    void explicit_nulls_upstream_allows_are_read_as_its_meaning() {
        Study study = load("explicit-nulls.yaml");
        ExperimentConfig e = study.cells().get(0).experiment();
        assertThat(e.task().maxInputTokens()).isEqualTo(1_000_000);
        assertThat(e.task().maxOutputTokens()).isEqualTo(256);
        assertThat(e.server().traffic().windowSeconds()).isEqualTo(240.0);
        assertThat(e.measurement().energySampler()).isEqualTo("auto");
        assertThat(notesAbout(study, "measurement.energy_sampler")).singleElement().asString()
                .contains("always measures");
    }

    @Test
    void tensorrt_runner_section_and_scoped_sweep_read_as_the_trtllm_preset() {
        Study study = load("tensorrt.yaml");
        assertThat(study.cells()).hasSize(2).allSatisfy(c -> {
            assertThat(c.experiment().engine()).isEqualTo("trtllm");
            assertThat(c.experiment().runner()).isEqualTo("container");
        });
        assertThat(study.cells()).extracting(c -> c.config().at("/trtllm/engine_params/max_num_tokens").asInt())
                .containsExactly(2048, 8192);
        assertThat(notesAbout(study, "tensorrt")).hasSize(1);
        assertThat(notesAbout(study, "runners.tensorrt")).hasSize(1);
    }

    @Test
    void sampling_keys_are_recorded_and_noted_as_not_sent() {
        Study study = load("engine-params.yaml");
        assertThat(notesAbout(study, "sampling_preset")).singleElement().asString().contains("not applied");
        assertThat(notesAbout(study, "vllm.sampling_params")).singleElement().asString().contains("not sent");
        assertThat(notesAbout(study, "passthrough_kwargs")).hasSize(1);
    }

    @Test
    void offline_warmup_and_codecarbon_are_noted() {
        Study study = load("offline-warmup.yaml");
        assertThat(study.cells().get(0).experiment().measurement().energySampler()).isEqualTo("auto");
        assertThat(notesAbout(study, "offline.warmup")).hasSize(1);
        assertThat(notesAbout(study, "measurement.measurement_methodology")).singleElement().asString()
                .contains("matches");
    }

    @Test
    void a_study_without_upstream_only_keys_keeps_its_config_hashes_when_they_are_added() {
        String plain = "serving_mode: server\nengine: vllm\ntask: {model: m}\nserver: {traffic: {rate: 2}}\n";
        String withKeys = "version: 1\n" + plain + "output: {results_dir: r, save_timeseries: true}\n"
                + "study_execution: {skip_preflight: true}\nmeasurement: {latency_profiling: true}\n";
        assertThat(StudyFixtures.load(withKeys).cells().get(0).configHash())
                .isEqualTo(StudyFixtures.load(plain).cells().get(0).configHash());
    }

    @Test
    void keys_upstream_rejects_keep_errors_that_say_what_upstream_says() {
        assertThat(StudyFixtures.errorsOf(StudyFixtures.MINIMAL + "harness: {transformers: {batch_size: 4}}\n"))
                .singleElement().satisfies(e -> assertThat(e.format()).contains("harness").contains("transformers"));
        assertThat(StudyFixtures.errorsOf(StudyFixtures.MINIMAL + "measurement: {warmup: {enabled: true}}\n"))
                .singleElement().satisfies(e -> assertThat(e.format()).contains("measurement.warmup")
                        .contains("server.warmup"));
        assertThat(StudyFixtures.errorsOf("serving_mode: server\nserver: {traffic: {rate: 2, window_requests: 10}}\n"))
                .singleElement().satisfies(e -> assertThat(e.keyPath()).isEqualTo("server.traffic.window_requests"));
        assertThat(StudyFixtures.errorsOf("engine: vllm\ntask: {model: m}\nserver: {traffic: {rate: 2}}\n"
                + "sweep: {serving_mode: [server, offline]}\n")).singleElement().satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("sweep.serving_mode");
                    assertThat(e.rule()).contains("mixes serving modes").contains("one study per mode");
                });
        assertThat(StudyFixtures.errorsOf(StudyFixtures.MINIMAL + "engine: transformers\n"))
                .singleElement().satisfies(e -> assertThat(e.keyPath()).isEqualTo("engine"));
    }

    @Test
    void wrongly_typed_upstream_keys_are_errors_naming_the_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf(StudyFixtures.MINIMAL + """
                study_execution: {skip_preflight: maybe}
                measurement: {baseline: {strategy: sometimes}}
                output: {results_dir: r, save_timeseris: true}
                """);
        assertThat(errors).extracting(StudyError::keyPath).containsExactly("study_execution.skip_preflight",
                "measurement.baseline.strategy", "output.save_timeseris");
        assertThat(errors.get(2).format()).contains("did you mean 'save_timeseries'");
    }

    @Test
    void aienergyscore_without_a_local_copy_is_loudly_substituted() {
        Study study = StudyFixtures.load(StudyFixtures.MINIMAL + "task: {dataset: {source: aienergyscore}}\n");
        assertThat(study.cells().get(0).experiment().task().dataset().isBuiltin()).isTrue();
        assertThat(notesAbout(study, "task.dataset.source")).singleElement().asString()
                .contains("SUBSTITUTED").contains("not comparable").contains("JOULEBENCH_AIENERGYSCORE");
    }

    @Test
    void aienergyscore_reads_the_local_copy_the_setting_names() throws Exception {
        java.nio.file.Path corpus = java.nio.file.Files.createTempFile("aienergyscore", ".jsonl");
        java.nio.file.Files.writeString(corpus, "{\"text\": \"What is energy?\"}\n{\"text\": \"Name a gas.\"}\n");
        System.setProperty("joulebench.aienergyscore", corpus.toString());
        try {
            Study study = StudyFixtures.load(StudyFixtures.MINIMAL
                    + "task: {dataset: {source: aienergyscore, n_prompts: 2}}\n");
            assertThat(study.cells().get(0).experiment().task().dataset().source()).isEqualTo(corpus.toString());
            assertThat(notesAbout(study, "task.dataset.source")).singleElement().asString().contains("local copy");
        } finally {
            System.clearProperty("joulebench.aienergyscore");
        }
    }

    private static List<StudyError> errorsOfFile(String yaml) {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("upstream-keys");
            java.nio.file.Path f = java.nio.file.Files.writeString(dir.resolve("s.yaml"), yaml);
            new StudyLoader().load(f);
        } catch (StudyValidationException e) {
            return e.errors();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("expected errors");
    }
}

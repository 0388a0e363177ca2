package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.app.TestServices;
import io.joulebench.core.study.ExperimentOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EditorViewModelTest {

    private final TestServices services = new TestServices();
    private final EditorViewModel vm = new EditorViewModel(services.preferences, services.errors);

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void a_form_edit_changes_only_its_value_in_the_yaml_and_keeps_every_comment() {
        // Issue 22 item 7: comments vanished after any Form edit.
        String quickstart = vm.textProperty().get();
        assertThat(vm.commentWarningProperty().get()).isEmpty();
        vm.form().edit("window_seconds", "10");
        assertThat(vm.textProperty().get()).isEqualTo(quickstart.replace("window_seconds: 5", "window_seconds: 10"));

        vm.textProperty().set("# my sweep\nstudy_name: mine  # the name\n# rates below\nserver: {traffic: {rate: 4}}\n");
        assertThat(vm.commentWarningProperty().get()).as("a form edit keeps them").isEmpty();
        vm.form().edit("window_seconds", "10");
        assertThat(vm.textProperty().get()).startsWith("# my sweep\nstudy_name: mine  # the name\n# rates below\n");
        assertThat(StudyYaml.get(vm.document().tree(), "server.traffic.window_seconds").asInt()).isEqualTo(10);
        assertThat(StudyYaml.get(vm.document().tree(), "server.traffic.rate").asInt()).isEqualTo(4);
    }

    @Test
    void where_an_edit_cannot_be_spliced_in_the_warning_still_names_the_comments_it_would_drop() {
        vm.textProperty().set("# top\n{study_name: mine, serving_mode: server}  # one line\n");
        assertThat(vm.commentWarningProperty().get()).startsWith("The YAML has 1 comment below its header")
                .contains("YAML tab");
        vm.form().edit("window_seconds", "10");
        assertThat(vm.textProperty().get()).startsWith("# top\n").doesNotContain("# one line");
    }

    @Test
    void the_energy_form_sets_a_prometheus_source_and_test_query_lists_its_series() {
        try (var prometheus = new io.joulebench.core.energy.FakePrometheus(1.0)) {
            prometheus.add("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "vllm-0", 0, t -> t * 1000);
            vm.form().edit("energy_sampler", "prometheus");
            vm.form().edit("prometheus_url", prometheus.url().toString());
            vm.form().edit("prometheus_query", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{pod=\"vllm-0\"}");
            vm.form().edit("prometheus_unit", "J");
            assertThat(StudyYaml.get(vm.document().tree(), "measurement.prometheus.url").asText())
                    .isEqualTo(prometheus.url().toString());
            assertThat(StudyYaml.get(vm.document().tree(), "measurement.prometheus.query").asText())
                    .isEqualTo("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{pod=\"vllm-0\"}");
            assertThat(StudyYaml.get(vm.document().tree(), "measurement.prometheus.unit").asText()).isEqualTo("J");
            assertThat(vm.form().field("prometheus_unit").field().choices()).containsExactlyInAnyOrder("mJ", "J");

            vm.prometheus().testQuery();
            assertThat(vm.prometheus().series()).singleElement().asString().contains("vllm-0");
            assertThat(vm.prometheus().messageProperty().get()).startsWith("1 series matches");
        }
    }

    @Test
    void switching_arrival_from_gamma_to_poisson_removes_the_burstiness() {
        vm.form().edit("arrival", "gamma");
        vm.form().edit("burstiness", "2");
        assertThat(vm.textProperty().get()).contains("burstiness: 2");
        vm.form().edit("arrival", "poisson");
        assertThat(vm.textProperty().get()).contains("arrival: poisson").doesNotContain("burstiness");
        assertThat(vm.form().field("burstiness").valueProperty().get()).isEmpty();
        assertThat(vm.validation().problems()).isEmpty();
    }

    @Test
    void new_and_open_ask_about_unsaved_edits_and_cancel_keeps_them(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        EditorViewModel asking = new EditorViewModel(services.preferences, services.errors,
                io.joulebench.app.fx.Debouncer.direct(), services.confirmer, services.dialogs);
        Path other = Files.writeString(dir.resolve("other.yaml"), "study_name: other\n");
        asking.textProperty().set(asking.textProperty().get() + "\n# mine\n");

        services.choiceAnswer = "Cancel";
        assertThat(asking.newStudy()).isFalse();
        assertThat(asking.openStudy(other).join()).isFalse();
        assertThat(asking.textProperty().get()).endsWith("# mine\n");
        assertThat(asking.dirtyProperty().get()).isTrue();
        assertThat(services.questions).hasSize(2).allSatisfy(q -> assertThat(q).contains("not saved"));

        services.choiceAnswer = "Don't save";
        assertThat(asking.openStudy(other).join()).isTrue();
        assertThat(asking.studyNameProperty().get()).isEqualTo("other");

        asking.textProperty().set("study_name: other-2\n");
        services.choiceAnswer = "Save";
        assertThat(asking.newStudy()).isTrue();
        assertThat(Files.readString(other)).isEqualTo("study_name: other-2\n");
        assertThat(asking.fileProperty().get()).isNull();

        // Nothing unsaved: nothing asked.
        services.questions.clear();
        assertThat(asking.newStudy()).isTrue();
        assertThat(services.questions).isEmpty();
    }

    @Test
    void saving_a_new_study_from_the_question_needs_a_file_and_no_file_keeps_the_edits() {
        EditorViewModel asking = new EditorViewModel(services.preferences, services.errors,
                io.joulebench.app.fx.Debouncer.direct(), services.confirmer, services.dialogs);
        asking.textProperty().set(asking.textProperty().get() + "\n# mine\n");
        services.choiceAnswer = "Save";
        assertThat(asking.settleUnsaved("closing the window")).as("the save dialog was cancelled").isFalse();
        assertThat(asking.dirtyProperty().get()).isTrue();
    }

    @Test
    void the_bundled_quickstart_is_the_examples_quickstart() throws Exception {
        assertThat(EditorViewModel.quickstartText())
                .isEqualTo(Files.readString(Path.of("examples/quickstart.yaml"), StandardCharsets.UTF_8));
    }

    @Test
    void the_quickstart_is_valid_and_shows_its_rates_and_fields() {
        assertThat(vm.validation().problems()).isEmpty();
        assertThat(vm.sweep().rates()).containsExactly("16", "28", "40");
        assertThat(vm.form().field("engine").valueProperty().get()).isEqualTo("reference");
        assertThat(vm.form().field("runner").valueProperty().get()).isEqualTo("in-process");
        assertThat(vm.form().field("window_seconds").valueProperty().get()).isEqualTo("5");
        assertThat(vm.form().field("warmup_mode").valueProperty().get()).isEqualTo("fixed");
        assertThat(vm.validation().planProperty().get()).isNotNull();
    }

    @Test
    void a_bad_rate_is_shown_next_to_the_rate_list_and_in_the_problems_list() {
        vm.sweep().add("-1");

        assertThat(vm.sweep().errorProperty().get()).contains("must be > 0");
        assertThat(vm.validation().problems()).singleElement().satisfies(p -> {
            assertThat(p.fieldKey()).isEqualTo(StudyFormViewModel.RATES);
            assertThat(p.keyPath()).isEqualTo("sweep.server.traffic.rate[3]");
            assertThat(p.line()).isPositive();
            assertThat(p.text()).contains("must be > 0");
        });
        assertThat(vm.validation().planProperty().get()).isNull();
        assertThat(vm.validation().planMessageProperty().get()).isEqualTo("Fix 1 problem to see the plan");

        vm.sweep().remove(3);
        assertThat(vm.sweep().errorProperty().get()).isEmpty();
        assertThat(vm.validation().problems()).isEmpty();
    }

    @Test
    void the_endpoint_runner_asks_for_its_url_next_to_the_url_field_and_is_valid_with_one() {
        vm.form().edit("runner", "endpoint");
        assertThat(vm.validation().problems()).extracting(Problem::fieldKey).containsExactly("endpoint_url");

        vm.form().edit("endpoint_url", "http://127.0.0.1:8000");
        vm.form().edit("api_key_env", "LLM_API_KEY");
        assertThat(vm.validation().problems()).isEmpty();
        assertThat(StudyYaml.get(vm.document().tree(), "reference.url").asText()).isEqualTo("http://127.0.0.1:8000");
        assertThat(StudyYaml.get(vm.document().tree(), "reference.api_key_env").asText()).isEqualTo("LLM_API_KEY");
        assertThat(vm.validation().planProperty().get().launches()).as("an attached server is not launched").isZero();
    }

    @Test
    void a_bad_form_value_is_shown_next_to_its_field() {
        vm.form().edit("window_seconds", "0");
        assertThat(vm.form().field("window_seconds").errorProperty().get()).contains("must be > 0");
        assertThat(vm.validation().problems()).extracting(Problem::fieldKey).containsExactly("window_seconds");

        vm.form().edit("n_cycles", "many");
        assertThat(vm.form().field("n_cycles").errorProperty().get()).isNotEmpty();
    }

    @Test
    void choosing_a_problem_asks_the_view_to_focus_its_field() {
        vm.form().edit("windows_per_level", "0");
        Problem p = vm.validation().problems().get(0);
        vm.validation().goTo(p);
        assertThat(vm.validation().focusRequestProperty().get()).isEqualTo(p);
        assertThat(p.fieldKey()).isEqualTo("windows_per_level");
    }

    @Test
    void a_form_edit_reaches_the_yaml_text_and_parses_back() {
        vm.form().edit("window_seconds", "10");
        vm.form().edit("slo_ttft", "250");
        vm.form().edit("gamma_k", "4");
        vm.form().edit("arrival", "gamma");

        String yaml = vm.textProperty().get();
        assertThat(yaml).contains("window_seconds: 10").contains("ttft_ms: 250").contains("burstiness: 0.5");
        ObjectNode tree = StudyYaml.read(yaml).orElseThrow();
        assertThat(StudyYaml.get(tree, "server.traffic.window_seconds").asInt()).isEqualTo(10);
        assertThat(vm.form().field("burstiness").valueProperty().get()).isEqualTo("0.5");
        assertThat(StudyCheck.of(yaml, null).valid()).isTrue();

        vm.textProperty().set(yaml.replace("window_seconds: 10", "window_seconds: 12"));
        assertThat(vm.form().field("window_seconds").valueProperty().get()).isEqualTo("12");
        vm.textProperty().set(vm.textProperty().get().replace("burstiness: 0.5", "burstiness: 0.25"));
        assertThat(vm.form().field("gamma_k").valueProperty().get()).isEqualTo("16");
    }

    @Test
    void clearing_a_field_removes_its_key_and_a_bad_gamma_shape_is_refused() {
        vm.form().edit("seed", "");
        assertThat(StudyYaml.get(vm.document().tree(), "server.traffic.seed")).isNull();
        String before = vm.textProperty().get();
        assertThat(vm.form().edit("gamma_k", "-2")).isFalse();
        assertThat(vm.form().field("gamma_k").errorProperty().get()).contains("k must be");
        assertThat(vm.textProperty().get()).isEqualTo(before);
    }

    @Test
    void the_runner_field_follows_the_engine() {
        vm.form().edit("engine", "vllm");
        assertThat(vm.form().field("runner").valueProperty().get()).isEmpty();
        vm.form().edit("runner", "container");
        assertThat(StudyYaml.get(vm.document().tree(), "runners.vllm").asText()).isEqualTo("container");
        assertThat(vm.validation().problems()).extracting(Problem::fieldKey).contains("model");
    }

    @Test
    void the_sweep_designer_generates_reorders_and_adds_a_second_axis() {
        vm.sweep().generate(4, 1, 8, SweepGenerator.Spacing.GEOMETRIC);
        assertThat(vm.sweep().rates()).containsExactly("1", "2", "4", "8");
        vm.sweep().move(3, -1);
        assertThat(vm.sweep().rates()).containsExactly("1", "2", "8", "4");
        assertThat(vm.sweep().selectedProperty().get()).isEqualTo(2);
        vm.sweep().setSecondAxis("task.max_output_tokens", "32, 64");
        assertThat(vm.textProperty().get()).contains("task.max_output_tokens:");
        assertThat(vm.sweep().secondValuesProperty().get()).isEqualTo("32, 64");
        assertThat(vm.validation().planProperty().get().levels()).isEqualTo(8);

        vm.sweep().setSecondAxis("server.traffic.nope", "1");
        assertThat(vm.sweep().secondErrorProperty().get()).contains("names no field");
    }

    @Test
    void the_plan_counts_launches_for_each_order_and_hints_at_a_cheaper_one() {
        vm.form().edit("n_cycles", "3");
        vm.form().edit("order", "sequential");
        PlanPreview plan = vm.validation().planProperty().get();
        assertThat(plan.launches()).isEqualTo(9);
        assertThat(plan.launchesByOrder()).containsEntry(io.joulebench.core.study.ExperimentOrder.INTERLEAVE, 3)
                .containsEntry(io.joulebench.core.study.ExperimentOrder.REVERSE, 3)
                .containsEntry(io.joulebench.core.study.ExperimentOrder.SEQUENTIAL, 9);
        assertThat(plan.orderHint()).contains("interleave would need 3 launches instead of 9");
        assertThat(plan.totalWindows()).isEqualTo(27);

        vm.form().edit("order", "interleave");
        assertThat(vm.validation().planProperty().get().launches()).isEqualTo(3);
        assertThat(vm.validation().planProperty().get().orderHint()).isEmpty();
    }

    @Test
    void launches_are_counted_for_every_order_shuffle_and_latin_square_included_as_the_cli_plan_counts_them() {
        vm.form().edit("n_cycles", "3");
        for (String order : java.util.List.of("sequential", "interleave", "shuffle", "reverse", "latin_square")) {
            vm.form().edit("order", order);
            PlanPreview plan = vm.validation().planProperty().get();
            assertThat(plan.order().wire()).isEqualTo(order);
            // Every order gives the same table, and its own entry is what the plan (the CLI's StudyPlan) counts.
            assertThat(plan.launchesByOrder()).as(order).containsExactlyInAnyOrderEntriesOf(java.util.Map.of(
                    ExperimentOrder.SEQUENTIAL, 9, ExperimentOrder.INTERLEAVE, 3,
                    ExperimentOrder.SHUFFLE, 3, ExperimentOrder.REVERSE, 3, ExperimentOrder.LATIN_SQUARE, 3));
            assertThat(plan.launches()).as(order).isEqualTo(plan.launchesByOrder().get(plan.order()))
                    .isEqualTo(io.joulebench.core.study.StudyPlan.of(vm.studyToRun()).launches());
            assertThat(plan.orderHint()).as(order).isEqualTo(order.equals("sequential")
                    ? "experiment_order: interleave would need 3 launches instead of 9" : "");
        }
        vm.form().edit("n_cycles", "1");
        assertThat(vm.validation().planProperty().get().launchesByOrder()).containsOnlyKeys(ExperimentOrder.values())
                .allSatisfy((order, launches) -> assertThat(launches).as(order.wire()).isEqualTo(1));
    }

    @Test
    void the_wall_time_estimate_adds_launch_warmup_ramp_and_windows() {
        PlanPreview plan = vm.validation().planProperty().get();
        // one reference launch (1 s) + 3 levels × (3 s warmup + 2 s ramp) + 3 × (20 + 8 + 6) s of windows
        assertThat(plan.estimate().launchSeconds()).isEqualTo(1.0);
        assertThat(plan.estimate().warmupSeconds()).isEqualTo(9.0);
        assertThat(plan.estimate().rampSeconds()).isEqualTo(6.0);
        assertThat(plan.estimate().measuredSeconds()).isEqualTo(102.0);
        assertThat(plan.estimate().totalSeconds()).isEqualTo(118.0);
        assertThat(plan.totalWindows()).isEqualTo(9);
        assertThat(plan.levels()).isEqualTo(3);

        // every quickstart rate has its own length (window_seconds_by_rate), so window_seconds changes nothing
        vm.form().edit("window_seconds", "60");
        assertThat(vm.validation().planProperty().get().estimate().totalSeconds()).isEqualTo(118.0);
    }

    @Test
    void the_arrival_preview_follows_the_selected_rate() {
        ArrivalPreview first = vm.validation().planProperty().get().arrival();
        assertThat(first.rate()).isEqualTo(16.0);
        assertThat(java.util.Arrays.stream(first.counts()).sum()).isEqualTo(first.gaps());
        assertThat(first.cv()).isBetween(0.9, 1.1);

        vm.sweep().selectedProperty().set(2);
        ArrivalPreview third = vm.validation().planProperty().get().arrival();
        assertThat(third.rate()).isEqualTo(40.0);
        assertThat(third.binWidthS()).isCloseTo(first.binWidthS() * 16 / 40, org.assertj.core.api.Assertions.within(1e-12));

        vm.form().edit("arrival", "constant");
        assertThat(vm.validation().planProperty().get().arrival().cv()).isLessThan(1e-6);
    }

    @Test
    void save_writes_the_yaml_tab_text_and_updates_recent_files(@TempDir Path dir) throws Exception {
        vm.form().edit("study_name", "mine");
        Path target = dir.resolve("mine.yaml");
        assertThat(vm.saveStudyAs(target).join()).isTrue();
        assertThat(Files.readString(target)).isEqualTo(vm.textProperty().get());
        assertThat(vm.recentStudies()).containsExactly(target.toAbsolutePath().normalize());
        assertThat(vm.dirtyProperty().get()).isFalse();
        assertThat(vm.studyNameProperty().get()).isEqualTo("mine");

        vm.newStudy();
        assertThat(vm.openStudy(target).join()).isTrue();
        assertThat(vm.studyNameProperty().get()).isEqualTo("mine");
    }

    @Test
    void study_to_run_refuses_an_invalid_study_naming_the_problem() {
        assertThat(vm.studyToRun().studyName()).isEqualTo("quickstart");
        vm.sweep().add("0");
        assertThatThrownBy(vm::studyToRun).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("1 problem").hasMessageContaining("server.traffic.rate");
    }

    @Test
    void yaml_that_does_not_parse_keeps_the_form_and_says_so() {
        vm.textProperty().set("study_name: [unclosed");
        assertThat(vm.document().parseableProperty().get()).isFalse();
        assertThat(vm.sweep().rates()).containsExactly("16", "28", "40");
        assertThat(vm.validation().problems()).isNotEmpty();
    }

    @Test
    void run_on_the_cluster_previews_one_job_per_group_packed_onto_the_profiles_parallel_jobs() throws Exception {
        vm.form().edit("n_cycles", "3");
        vm.form().edit("order", "sequential");
        assertThat(vm.validation().planProperty().get().cluster()).as("on this machine: no cluster figures").isNull();
        java.nio.file.Path profile = vm.clusterProfileFile();
        java.nio.file.Files.createDirectories(profile.getParent());
        java.nio.file.Files.writeString(profile, "partition: debug\nmax_parallel_jobs: 2\n");

        vm.runOnProperty().set(io.joulebench.core.executor.ExecutorKind.SLURM);

        PlanPreview plan = vm.validation().planProperty().get();
        assertThat(plan.cluster().jobs()).isEqualTo(plan.launches()).isEqualTo(9);
        assertThat(plan.cluster().parallelism()).isEqualTo(2);
        assertThat(plan.cluster().totalSeconds()).isLessThan(plan.estimate().totalSeconds());
        assertThat(PlanPreviewView.clusterText(plan)).startsWith("On the cluster: 9 jobs (one per session group),"
                + " 2 at once, estimated wall time");

        java.nio.file.Files.writeString(profile, "max_parallel_jobs: 0\n");
        vm.runOnProperty().set(io.joulebench.core.executor.ExecutorKind.LOCAL);
        vm.runOnProperty().set(io.joulebench.core.executor.ExecutorKind.SLURM);
        assertThat(vm.validation().planProperty().get().clusterNote()).as("a bad value names its key")
                .contains("max_parallel_jobs");
    }
}

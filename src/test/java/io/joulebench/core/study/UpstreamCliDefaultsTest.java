package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Like `llem run`, `joulebench run`/`validate` fill omitted execution keys with upstream's CLI defaults. */
class UpstreamCliDefaultsTest {

    private static Study cli(String yaml) throws StudyValidationException {
        return StudyLoader.withUpstreamCliDefaults().parse("s.yaml", yaml.getBytes(StandardCharsets.UTF_8), null);
    }

    @Test
    void omitted_keys_get_3_cycles_shuffle_and_the_thermal_gaps_and_one_note_says_so() throws Exception {
        Study study = cli(StudyFixtures.MINIMAL);
        ExecutionConfig e = study.execution();
        assertThat(e.nCycles()).isEqualTo(3);
        assertThat(e.order()).isEqualTo(ExperimentOrder.SHUFFLE);
        assertThat(e.experimentGapSeconds()).isEqualTo(60.0);
        assertThat(e.cycleGapSeconds()).isEqualTo(300.0);
        assertThat(study.notes()).filteredOn(n -> n.startsWith(StudyLoader.CLI_DEFAULTS_NOTE)).singleElement()
                .asString().contains("n_cycles 3").contains("experiment_order shuffle")
                .contains("experiment_gap_seconds 60").contains("cycle_gap_seconds 300");
    }

    @Test
    void keys_the_study_writes_win_and_null_gaps_take_the_default() throws Exception {
        Study study = cli(StudyFixtures.MINIMAL + "study_execution: {n_cycles: 1, experiment_order: interleave, "
                + "experiment_gap_seconds: null, cycle_gap_seconds: 5}\n");
        ExecutionConfig e = study.execution();
        assertThat(e.nCycles()).isEqualTo(1);
        assertThat(e.order()).isEqualTo(ExperimentOrder.INTERLEAVE);
        assertThat(e.experimentGapSeconds()).isEqualTo(60.0);
        assertThat(e.cycleGapSeconds()).isEqualTo(5.0);
    }

    @Test
    void the_library_loader_keeps_upstreams_library_defaults_and_cell_hashes_do_not_depend_on_the_loader()
            throws Exception {
        Study lib = StudyFixtures.load(StudyFixtures.MINIMAL);
        assertThat(lib.execution().nCycles()).isEqualTo(1);
        assertThat(lib.execution().order()).isEqualTo(ExperimentOrder.SEQUENTIAL);
        assertThat(cli(StudyFixtures.MINIMAL).cells().get(0).configHash()).isEqualTo(lib.cells().get(0).configHash());
    }

    @Test
    void a_study_without_a_prompt_source_is_told_once_that_upstream_would_read_its_corpus() throws Exception {
        assertThat(cli(StudyFixtures.MINIMAL).notes()).filteredOn(n -> n.startsWith("task.dataset.source:"))
                .singleElement().asString().contains("'aienergyscore'").contains("SUBSTITUTED");
        for (String sets : new String[] {"task: {dataset: {source: builtin}}\n",
                "sweep: {task.dataset.source: [builtin]}\n",
                "experiments:\n  - task: {dataset: {source: builtin}}\n"}) {
            assertThat(cli(StudyFixtures.MINIMAL + sets).notes()).as(sets)
                    .noneMatch(n -> n.startsWith("task.dataset.source:"));
        }
        assertThat(StudyFixtures.load(StudyFixtures.MINIMAL).notes()).noneMatch(n -> n.startsWith("task.dataset.source:"));
    }

    @Test
    void a_study_without_an_engine_is_told_once_that_upstream_would_use_transformers() throws Exception {
        assertThat(cli(StudyFixtures.MINIMAL).notes()).filteredOn(n -> n.startsWith("engine:")).singleElement()
                .asString().contains("'transformers'").contains("'reference'");
        for (String sets : new String[] {"engine: reference\n", "sweep: {engine: [reference]}\n",
                "experiments:\n  - engine: reference\n"}) {
            assertThat(cli(StudyFixtures.MINIMAL + sets).notes()).as(sets).noneMatch(n -> n.startsWith("engine:"));
        }
        assertThat(StudyFixtures.load(StudyFixtures.MINIMAL).notes()).noneMatch(n -> n.startsWith("engine:"));
    }

    @Test
    void the_examples_write_their_execution_keys_so_the_cli_defaults_do_not_slow_them() throws Exception {
        for (String example : new String[] {"quickstart.yaml", "smoke.yaml"}) {
            Study study = StudyLoader.withUpstreamCliDefaults().load(StudyFixtures.examples().resolve(example));
            assertThat(study.notes()).as(example).noneMatch(n -> n.startsWith(StudyLoader.CLI_DEFAULTS_NOTE));
            assertThat(study.execution().nCycles()).as(example).isEqualTo(1);
        }
    }
}

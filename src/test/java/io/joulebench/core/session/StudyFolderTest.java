package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.PromptDataset;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Editor text has no source file; its relative trace and dataset still resolve against the study's folder. */
class StudyFolderTest {

    private static final String STUDY = """
            study_name: folder
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: prompts.jsonl, n_prompts: 2, order: interleaved}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic:
                trace: {file: traces/t.csv}
            """;

    @Test
    void text_without_a_source_resolves_relative_files_against_its_folder(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("traces"));
        Files.writeString(dir.resolve("traces/t.csv"), "offset_s,input_tokens,output_tokens\n0,10,5\n1.5,20,6\n");
        Files.writeString(dir.resolve("prompts.jsonl"), "{\"prompt\": \"one\"}\n{\"prompt\": \"two\"}\n");

        Study study = new StudyLoader().parse("edited.yaml", STUDY.getBytes(StandardCharsets.UTF_8), dir);

        assertThat(study.source()).isNull();
        assertThat(study.studyDir()).isEqualTo(dir);
        ExperimentConfig e = study.cells().getFirst().experiment();
        // the working folder is not dir: resolving against it would not find either file
        assertThat(LevelTraffic.slice(e.server().traffic().trace(), study.studyDir()).rows()).hasSize(2);
        assertThat(PromptDataset.load(e.task().dataset(), study.studyDir(), 1)).containsExactlyInAnyOrder("one", "two");
    }

    @Test
    void a_study_read_from_a_file_resolves_against_the_file_s_folder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, STUDY);
        Files.createDirectories(dir.resolve("traces"));
        Files.writeString(dir.resolve("traces/t.csv"), "offset_s\n0\n");
        Files.writeString(dir.resolve("prompts.jsonl"), "{\"prompt\": \"one\"}\n{\"prompt\": \"two\"}\n");

        Study study = new StudyLoader().load(file);

        assertThat(study.studyDir()).isEqualTo(dir.toAbsolutePath());
        assertThat(Study.resolve(study.studyDir(), "traces/t.csv")).isEqualTo(dir.toAbsolutePath().resolve("traces/t.csv"));
    }
}

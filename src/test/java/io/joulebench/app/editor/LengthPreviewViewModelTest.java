package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.workload.Distribution;
import io.joulebench.core.workload.LengthMix;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Issue 32 item 5: the form edits a length mix through the splice, and previews what the run will draw. */
class LengthPreviewViewModelTest {

    private final StudyDocument document = new StudyDocument();
    private final StudyFormViewModel form = new StudyFormViewModel(document);
    private final LengthPreviewViewModel preview = new LengthPreviewViewModel(document);

    @Test
    void no_mix_no_preview() {
        document.textProperty().set("study_name: s\nserving_mode: server\n");
        assertThat(preview.inputProperty().get()).isNull();
        assertThat(preview.noteProperty().get()).isEmpty();
    }

    @Test
    void form_edits_write_the_distribution_keeping_comments_and_the_preview_draws_as_the_run_does() {
        document.textProperty().set("# my study\nstudy_name: s  # name\nserving_mode: server\n"
                + "task: {random_seed: 9}\n");
        form.edit("in_distribution", "normal");
        form.edit("in_mean", "400");
        form.edit("in_stddev", "50");
        form.edit("out_distribution", "lognormal");
        form.edit("out_mean", "100");
        form.edit("out_stddev", "80");
        form.edit("out_max", "300");

        String yaml = document.textProperty().get();
        assertThat(yaml).contains("# my study").contains("# name");
        assertThat(StudyYaml.get(document.tree(), "task.input_tokens.distribution").asText()).isEqualTo("normal");
        assertThat(StudyYaml.get(document.tree(), "task.output_tokens.max").asDouble()).isEqualTo(300);

        LengthPreviewViewModel.Histogram in = preview.inputProperty().get();
        LengthPreviewViewModel.Histogram out = preview.outputProperty().get();
        assertThat(Arrays.stream(in.counts()).sum()).isEqualTo(LengthPreviewViewModel.DRAWS);
        assertThat(out.to()).isLessThanOrEqualTo(301);
        int[][] run = new LengthMix(new Distribution.Normal(400, 50, 1, Double.POSITIVE_INFINITY),
                new Distribution.LogNormal(100, 80, 1, 300), null, 256).draw(9, LengthPreviewViewModel.DRAWS);
        assertThat(in.mean()).isCloseTo(Arrays.stream(run[0]).average().orElseThrow(), within(1e-9));
        assertThat(out.mean()).isCloseTo(Arrays.stream(run[1]).average().orElseThrow(), within(1e-9));
        assertThat(preview.noteProperty().get()).contains("seed 9");
    }

    @Test
    void a_shared_prefix_adds_its_tokens_to_the_previewed_prompts() {
        document.textProperty().set("study_name: s\ntask:\n  input_tokens: 100\n"
                + "  shared_prefix: {groups: 4, prefix_tokens: 1024}\n");
        assertThat(preview.inputProperty().get().mean()).isEqualTo(1124);
        assertThat(preview.outputProperty().get()).isNull();
        assertThat(preview.noteProperty().get()).contains("1024-token shared prefix");
    }
}

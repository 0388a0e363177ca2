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

    @Test
    void a_plan_whose_levels_draw_different_lengths_gets_one_labelled_pair_per_configuration() throws Exception {
        String swept = java.nio.file.Files.readString(java.nio.file.Path.of("examples/length-mix.yaml"))
                .replaceAll("(?m)^sweep:\\n(  .*\\n?)*", "")
                + "\nsweep:\n  server.traffic.rate: [2, 4]\n  task.input_tokens.mean: [200, 800]\n";
        document.textProperty().set(swept);
        StudyCheck check = StudyCheck.of(swept, null);
        assertThat(check.errors()).isEmpty();
        assertThat(preview.levels()).hasSize(1); // while typing: the tree's one pair

        preview.showStudy(check.study());

        assertThat(preview.levels()).hasSize(2);
        LengthPreviewViewModel.Level low = preview.levels().get(0);
        LengthPreviewViewModel.Level high = preview.levels().get(1);
        assertThat(low.label()).startsWith("mean=200 · 2 levels: rate=2; rate=4");
        assertThat(high.label()).contains("mean=800");
        var task = check.study().cells().stream().map(c -> c.experiment().task())
                .filter(t -> ((Distribution.Normal) t.inputTokens()).mean() == 800).findFirst().orElseThrow();
        int[][] run = task.lengthMix().draw(task.randomSeed(), LengthPreviewViewModel.DRAWS);
        assertThat(high.input().mean()).isCloseTo(Arrays.stream(run[0]).average().orElseThrow(), within(1e-9));
        assertThat(low.input().mean()).isLessThan(high.input().mean() - 400);
        assertThat(high.output().mean()).isCloseTo(low.output().mean(), within(1e-9)); // same output mix, same seed

        // a later edit keeps the pairs until the text checks again; a study of one configuration goes back to one
        document.textProperty().set(swept.replace("[200, 800]", "[300, 900]"));
        assertThat(preview.levels()).hasSize(2);
        String single = swept.replace("  task.input_tokens.mean: [200, 800]\n", "");
        document.textProperty().set(single);
        preview.showStudy(StudyCheck.of(single, null).study());
        assertThat(preview.levels()).hasSize(1);
        assertThat(preview.levels().getFirst().label()).isEmpty();
    }

    @Test
    void a_configuration_label_names_what_its_levels_share() {
        assertThat(LengthPreviewViewModel.label(java.util.List.of("rate=2, task.input_tokens.mean=200",
                "rate=4, task.input_tokens.mean=200"))).isEqualTo("task.input_tokens.mean=200 · 2 levels: rate=2; rate=4");
        assertThat(LengthPreviewViewModel.label(java.util.List.of("rate=2, x={a, b}"))).isEqualTo("rate=2, x={a, b}");
    }
}

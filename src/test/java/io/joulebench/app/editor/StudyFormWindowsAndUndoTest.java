package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 35 item 9: per-rate windows in the form, kept consistent with the rates, and undo/redo of form edits. */
class StudyFormWindowsAndUndoTest {

    private final StudyDocument document = new StudyDocument();
    private final StudyFormViewModel form = new StudyFormViewModel(document);
    private final SweepViewModel sweep = new SweepViewModel(document);

    StudyFormWindowsAndUndoTest() {
        document.textProperty().set(EditorFixtures.quickstartCopy());
    }

    @Test
    void the_per_rate_windows_are_a_field_and_window_seconds_says_it_applies_to_no_rate() {
        assertThat(form.field(StudyForm.WINDOW_BY_RATE).valueProperty().get()).isEqualTo("16: 20, 28: 8, 40: 6");
        assertThat(form.yamlOnly()).noneMatch(l -> l.startsWith("server.traffic.window_seconds_by_rate"));
        assertThat(form.field("window_seconds").noteProperty().get()).contains("no rate");

        assertThat(form.edit(StudyForm.WINDOW_BY_RATE, "16: 30, 28: 8")).isTrue();
        assertThat(document.textProperty().get()).contains("16: 30").doesNotContain("40: 6");
        assertThat(form.field("window_seconds").noteProperty().get()).contains("1 of 3 rates");

        assertThat(form.edit(StudyForm.WINDOW_BY_RATE, "16 30")).isFalse();
        assertThat(form.field(StudyForm.WINDOW_BY_RATE).errorProperty().get()).contains("rate: seconds");
    }

    @Test
    void generate_drops_the_per_rate_windows_of_rates_it_replaced_and_other_edits_warn() {
        sweep.generate(3, 16, 64, SweepGenerator.Spacing.GEOMETRIC); // 16, 32, 64
        assertThat(sweep.rates()).containsExactly("16", "32", "64");
        assertThat(form.field(StudyForm.WINDOW_BY_RATE).valueProperty().get()).isEqualTo("16: 20");
        assertThat(form.field(StudyForm.WINDOW_BY_RATE).noteProperty().get()).isEmpty();

        sweep.remove(0);
        assertThat(form.field(StudyForm.WINDOW_BY_RATE).noteProperty().get())
                .isEqualTo("Not a rate of this study: 16 (unused; remove or add the rate)");
    }

    @Test
    void form_edits_undo_and_redo_in_order_and_a_yaml_edit_ends_the_forms_history() {
        String original = document.textProperty().get();
        form.edit("window_seconds", "7");
        sweep.generate(2, 10, 20, SweepGenerator.Spacing.LINEAR);
        String afterBoth = document.textProperty().get();

        assertThat(form.undo()).isTrue();
        assertThat(sweep.rates()).containsExactly("16", "28", "40");
        assertThat(form.field("window_seconds").valueProperty().get()).isEqualTo("7");
        assertThat(form.undo()).isTrue();
        assertThat(document.textProperty().get()).isEqualTo(original);
        assertThat(form.canUndoProperty().get()).isFalse();

        assertThat(form.redo()).isTrue();
        assertThat(form.redo()).isTrue();
        assertThat(document.textProperty().get()).isEqualTo(afterBoth);
        assertThat(form.canRedoProperty().get()).isFalse();

        document.textProperty().set(afterBoth + "# typed on the YAML tab\n");
        assertThat(form.canUndoProperty().get()).isFalse();
        assertThat(form.undo()).as("the YAML tab's own undo owns that typing").isFalse();
    }
}

package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.core.study.TrafficConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Issue 23, acceptance 1 in the editor: the plan preview shows each level's predicted precision and offers the fix. */
class PrecisionPreviewTest {

    private final TestServices services = new TestServices();
    private final EditorViewModel vm = new EditorViewModel(services.preferences, services.errors);

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    /** The quickstart with every per-rate length removed: 5 s windows, which the 16 req/s level cannot pass with. */
    private String shortWindows() {
        return EditorFixtures.quickstartCopy().replaceAll("(?m)^\\s*window_seconds_by_rate:.*\\n", "")
                .replace("server.traffic.rate: [16, 28, 40]", "server.traffic.rate: [2, 16, 40]");
    }

    @Test
    void the_quickstart_is_estimated_to_pass_at_every_level_as_validate_says() {
        vm.textProperty().set(EditorFixtures.quickstartCopy());
        vm.validation().validateNow();
        PrecisionPreview p = vm.validation().precisionProperty().get();
        assertThat(p.levels()).extracting(PrecisionPreview.Level::rate).containsExactly(16.0, 28.0, 40.0);
        assertThat(p.levels()).allMatch(PrecisionPreview.Level::likelyToPass);
        assertThat(p.suggested()).isEmpty();
        assertThat(p.levels().getFirst().text()).startsWith("16 req/s, 3 × 20 s windows").contains("likely to pass");
        assertThat(PrecisionPreviewView.rowText(p.levels().getFirst())).startsWith("✓ 16 req/s · 20 s · CV 0.0");
    }

    @Test
    void a_level_likely_to_fail_gets_a_suggested_length_and_lengthening_it_passes_and_keeps_the_comments() {
        String text = "# my comment stays\n" + shortWindows();
        vm.textProperty().set(text);
        vm.validation().validateNow();
        PrecisionPreview before = vm.validation().precisionProperty().get();
        PrecisionPreview.Level low = before.levels().getFirst();
        assertThat(low.rate()).isEqualTo(2.0);
        assertThat(low.likelyToPass()).isFalse();
        assertThat(low.suggestedSeconds()).isGreaterThan(5.0);
        assertThat(PrecisionPreviewView.rowText(low)).startsWith("⚠ 2 req/s · 5 s · CV ");
        assertThat(before.likelyFailures()).isPositive();

        vm.validation().lengthenWindow(low.rate(), low.suggestedSeconds());
        vm.validation().validateNow();

        assertThat(vm.textProperty().get()).startsWith("# my comment stays\n");
        TrafficConfig t = io.joulebench.core.study.StudyPlan.of(vm.validation().last().study()).cells().stream()
                .filter(c -> c.rate() != null && c.rate() == 2.0).findFirst().orElseThrow()
                .experiment().server().traffic();
        assertThat(t.levelWindowSeconds()).isEqualTo(low.suggestedSeconds());
        PrecisionPreview after = vm.validation().precisionProperty().get();
        assertThat(after.levels().getFirst().likelyToPass()).as(after.levels().getFirst().text()).isTrue();
        assertThat(after.levels().getFirst().windowSeconds()).isEqualTo(low.suggestedSeconds());
    }

    @Test
    void adopting_all_suggestions_replaces_a_same_rate_key_however_written_and_leaves_no_level_failing() {
        String text = shortWindows().replace("window_seconds: 5", "window_seconds: 1\n    window_seconds_by_rate: {2.0: 3}");
        vm.textProperty().set(text);
        vm.validation().validateNow();
        assertThat(vm.validation().precisionProperty().get().suggested()).hasSizeGreaterThan(1).containsKey(2.0);

        vm.validation().adoptSuggestedWindows();
        vm.validation().validateNow();

        assertThat(vm.validation().problems()).isEmpty();
        assertThat(vm.textProperty().get()).doesNotContain("2.0:");
        PrecisionPreview after = vm.validation().precisionProperty().get();
        assertThat(after.levels()).allMatch(PrecisionPreview.Level::likelyToPass);
        assertThat(after.suggested()).isEmpty();
    }

    @Test
    void lengthening_a_rate_of_a_flow_map_keeps_the_map_as_the_user_wrote_it() {
        String text = EditorFixtures.quickstartCopy();
        assertThat(text).contains("window_seconds_by_rate: {16: 20, 28: 8, 40: 6}");
        vm.textProperty().set(text.replace("{16: 20, 28: 8, 40: 6}", "{16: 20, 28: 1, 40: 6}"));
        vm.validation().validateNow();
        PrecisionPreview.Level mid = vm.validation().precisionProperty().get().levels().get(1);
        assertThat(mid.rate()).isEqualTo(28.0);
        assertThat(mid.likelyToPass()).isFalse();

        vm.validation().lengthenWindow(mid.rate(), mid.suggestedSeconds());

        assertThat(vm.textProperty().get()).isEqualTo(text.replace("{16: 20, 28: 8, 40: 6}",
                "{16: 20, 28: " + io.joulebench.core.precision.PrecisionPlan.rateKey(mid.suggestedSeconds())
                        + ", 40: 6}"));
    }
}

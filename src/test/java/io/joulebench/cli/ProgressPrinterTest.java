package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Studies;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyPlanFormatter;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressPrinterTest {

    @TempDir
    Path tmp;

    private final AtomicLong now = new AtomicLong();
    private final StringWriter out = new StringWriter();
    private final ProgressPrinter printer = new ProgressPrinter(new PrintWriter(out, true), false, 0, now::get);

    @Test
    void eta_falls_while_a_level_runs_once_one_level_has_finished() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "q.yaml", Studies.QUICK));
        WindowSpec spec = new WindowSpec(2, 5, 2, 3, 0.05, 0.01);
        printer.studyStarted(plan);
        printer.levelStarted(0, spec);
        at(20);
        printer.levelResult(new LevelResult(plan.cells().get(0), "s", 0, null, List.of(), null, null, "test", false));
        printer.levelStarted(1, spec);
        at(25);
        printer.warmupStarted(1, io.joulebench.core.warmup.WarmupMode.FIXED);
        at(35);
        printer.warmupStarted(1, io.joulebench.core.warmup.WarmupMode.FIXED);
        at(60);
        printer.warmupStarted(1, io.joulebench.core.warmup.WarmupMode.FIXED);

        // 20 s per finished level, 2 levels left: 40 s, less the time spent in level 2 so far, never below 0.
        assertThat(lines()).containsSubsequence("ETA 35s: warmup", "ETA 25s: warmup", "ETA 0s: warmup");
    }

    @Test
    void eta_before_any_level_finishes_is_the_estimate_less_the_time_spent() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "q.yaml", Studies.QUICK));
        printer.studyStarted(plan);
        printer.levelStarted(0, new WindowSpec(2, 5, 2, 3, 0.05, 0.01));
        at(10);
        printer.warmupStarted(0, io.joulebench.core.warmup.WarmupMode.FIXED);

        String expected = StudyPlanFormatter.duration(Math.round(plan.estimate().totalSeconds() - 10));
        assertThat(lines()).contains("ETA " + expected + ": warmup");
    }

    @Test
    void a_reason_that_ends_its_sentence_is_not_followed_by_a_second_full_stop() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "q.yaml", Studies.QUICK));
        printer.studyStarted(plan);
        printer.levelStarted(0, new WindowSpec(2, 5, 2, 3, 0.05, 0.01));
        printer.levelResult(new LevelResult(plan.cells().get(0), "s", 0, null, List.of(), null, null,
                "window-to-window J/token not steady: worst CV 0.39, exceeding the 0.05 threshold.", false));

        assertThat(lines()).contains("exceeding the 0.05 threshold, 0 windows").doesNotContain("threshold.,");
    }

    @Test
    void a_window_line_says_its_figures_are_provisional_and_the_level_line_gives_the_final_ones() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "q.yaml", Studies.QUICK));
        printer.studyStarted(plan);
        printer.levelStarted(0, new WindowSpec(2, 5, 2, 3, 0.05, 0.01));
        WindowRecord last = FakeSessionRunner.window(0, 0, 16);
        WindowRecord atClose = new WindowRecord(0, 0, last.spanStartNanos(), last.spanEndNanos(), last.bracket(),
                last.tokens() - 40, null, last.metrics(), null, true);
        printer.windowClosed(atClose);
        printer.levelResult(new LevelResult(plan.cells().get(0), "s", 0, null, List.of(last), null, null, null,
                false));

        String atCloseJ = String.format(Locale.ROOT, "%.4g", atClose.jPerToken());
        String finalJ = String.format(Locale.ROOT, "%.4g", last.jPerToken());
        assertThat(finalJ).isNotEqualTo(atCloseJ);
        assertThat(lines()).contains("window 1/3: " + atClose.tokens() + " tokens, " + atCloseJ
                        + " J/token so far (provisional until the level closes)")
                .contains("1 window; final " + finalJ + " J/token (" + last.tokens() + " tokens)");
    }

    private void at(long seconds) {
        now.set(TimeUnit.SECONDS.toNanos(seconds));
    }

    private String lines() {
        return out.toString();
    }
}

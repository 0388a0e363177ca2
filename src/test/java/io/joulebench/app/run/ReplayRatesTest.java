package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.app.editor.StudyCheck;
import io.joulebench.app.live.ReplayRateModel;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live view's scheduled-versus-achieved rate of a trace replay, from the feed's events, without a toolkit. */
class ReplayRatesTest {

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong(1_000 * ScriptedRun.SECOND);
    private final StudyRunLiveFeed feed = new StudyRunLiveFeed(clock::get, Runnable::run);

    /** Ten rows one second apart, replayed at time_scale 1 and 2. */
    private StudyPlan replayPlan() throws Exception {
        StringBuilder rows = new StringBuilder("offset_s,input_tokens,output_tokens\n");
        for (int i = 0; i < 10; i++) {
            rows.append(i).append(",100,20\n");
        }
        Files.writeString(dir.resolve("t.csv"), rows);
        String yaml = Files.readString(Path.of("examples/trace-replay.yaml"))
                .replace("file: traces/mooncake-sample.jsonl", "file: t.csv");
        // relative: a study checked from text (the editor's) has no source; it resolves against its folder
        Path study = Files.writeString(dir.resolve("study.yaml"), yaml);
        StudyCheck check = StudyCheck.of(yaml, study);
        assertThat(check.valid()).as(String.valueOf(check.errors())).isTrue();
        return StudyPlan.of(check.study());
    }

    private void at(double seconds) {
        clock.set(1_000 * ScriptedRun.SECOND + (long) (seconds * ScriptedRun.SECOND));
    }

    private static WindowSpec spec() {
        return WindowSpec.builder().rate(1).durationSeconds(5).windowsPerLevel(3).build();
    }

    private static double timeScaleAt(StudyPlan plan, int level) {
        return plan.cells().get(level).experiment().server().traffic().trace().timeScale();
    }

    @Test
    void the_schedule_starts_with_the_levels_traffic_and_each_closed_window_adds_its_achieved_rate()
            throws Exception {
        StudyPlan plan = replayPlan();
        double scale = timeScaleAt(plan, 0);
        feed.starting("trace-replay");
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells());
        at(3);
        feed.levelStarted(0, spec());

        ReplayRateModel m = feed.replayRates();
        assertThat(m.present()).isTrue();
        assertThat(m.scheduled().getFirst().tSeconds()).isCloseTo(3, within(1e-9));
        // every row of the slice is in the scheduled line: its steps integrate to 10 requests
        double total = 0;
        for (int i = 0; i + 1 < m.scheduled().size(); i += 2) {
            total += m.scheduled().get(i).reqPerS() * (m.scheduled().get(i + 1).tSeconds()
                    - m.scheduled().get(i).tSeconds());
        }
        assertThat(total).isCloseTo(10, within(1e-6));
        assertThat(m.scheduled().getLast().tSeconds()).isGreaterThanOrEqualTo(3 + 9 / scale);
        assertThat(m.achieved()).isEmpty();

        // a window from 1 s to 5 s into the replay: ten requests issued (the scripted window's count)
        long from = clock.get() + ScriptedRun.SECOND;
        long to = clock.get() + 5 * ScriptedRun.SECOND;
        at(8);
        feed.windowClosed(ScriptedRun.window(0, 0, from, to, false));
        m = feed.replayRates();
        assertThat(m.achieved()).hasSize(2);
        assertThat(m.achieved().get(0).tSeconds()).isCloseTo(4, within(1e-9));
        assertThat(m.achieved().get(0).reqPerS()).isCloseTo(10 / 4.0, within(1e-9));
        assertThat(m.issuedInWindows()).isEqualTo(10);
        // rows scheduled in [1, 5) s of the replay: offsets 1..4 at scale 1, 2..9 at scale 2
        long expected = 0;
        for (int i = 0; i < 10; i++) {
            double t = i / scale;
            expected += t >= 1 && t < 5 ? 1 : 0;
        }
        assertThat(m.scheduledInWindows()).isEqualTo(expected);
        assertThat(m.caption()).contains("Issued 10 of " + expected + " scheduled");
    }

    @Test
    void a_second_level_at_another_time_scale_draws_its_own_compressed_schedule() throws Exception {
        StudyPlan plan = replayPlan();
        feed.starting("trace-replay");
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells());
        feed.levelStarted(0, spec());
        int first = feed.replayRates().scheduled().size();
        at(40);
        feed.levelStarted(1, spec());

        ReplayRateModel m = feed.replayRates();
        double span = 9 / timeScaleAt(plan, 1);
        assertThat(m.scheduled().get(first).tSeconds()).isCloseTo(40, within(1e-9));
        assertThat(m.scheduled().getLast().tSeconds()).isBetween(40 + span, 40 + span * 1.2);
        assertThat(timeScaleAt(plan, 0)).isNotEqualTo(timeScaleAt(plan, 1));
    }

    @Test
    void the_schedule_starts_one_ramp_before_the_first_window_where_the_traffic_really_began() throws Exception {
        StudyPlan plan = replayPlan();
        feed.starting("trace-replay");
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells());
        at(3);
        feed.levelStarted(0, WindowSpec.builder().rate(1).durationSeconds(5).rampExclusionSeconds(2)
                .windowsPerLevel(3).build());
        // the slice was read and the prompts built: the first window opens at 9 s, two seconds of ramp after 7 s
        feed.rampFinished(0, clock.get() + 6 * ScriptedRun.SECOND);
        assertThat(feed.replayRates().scheduled().getFirst().tSeconds()).isCloseTo(7, within(1e-9));
    }

    /** A window record whose span issued {@code issued} requests that had finished when it was made. */
    private static WindowRecord counted(WindowRecord r, long issued) {
        WindowMetrics m = r.metrics();
        return new WindowRecord(r.levelIndex(), r.windowIndex(), r.spanStartNanos(), r.spanEndNanos(), r.bracket(),
                r.tokens(), r.intraWindowCv(), new WindowMetrics(m.requestThroughputReqS(), m.completedCount(),
                m.errorCount(), m.timeoutCount(), issued, m.completionRate(), m.lengthTruncatedCount(), m.ttft(),
                m.tpot(), m.itl(), m.e2e(), m.serverReportedClientTokenRatio(), m.dispatchLateness(),
                m.capBoundFraction(), m.slo()), r.serverReportedOutputTokens(), r.provisional(), r.attributed());
    }

    @Test
    void requests_still_running_at_a_window_s_close_count_as_issued_and_the_level_s_final_counts_replace_them()
            throws Exception {
        StudyPlan plan = replayPlan();
        double scale = timeScaleAt(plan, 0);
        feed.starting("trace-replay");
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells());
        at(3);
        feed.levelStarted(0, spec());
        long origin = clock.get();
        // synthetic instants: every row issued exactly at its scheduled instant, each request lasting 1.5 s
        double latency = 1.5;
        double from = 0;
        double to = 4.2;
        long scheduled = 0;
        long finished = 0;
        long running = 0;
        for (int i = 0; i < 10; i++) {
            double issuedAt = i / scale;
            if (issuedAt >= from && issuedAt < to) {
                scheduled++;
                if (issuedAt + latency <= to) {
                    finished++;
                } else {
                    running++;
                }
            }
        }
        assertThat(running).as("the synthetic window ends with requests in flight").isPositive();
        feed.inFlight((int) running);
        WindowRecord closed = ScriptedRun.window(0, 0, origin + (long) (from * ScriptedRun.SECOND),
                origin + (long) (to * ScriptedRun.SECOND), true);
        at(3 + to);
        feed.windowClosed(counted(closed, finished));

        ReplayRateModel m = feed.replayRates();
        assertThat(m.scheduledInWindows()).isEqualTo(scheduled);
        // counting only the finished requests showed a replay that kept its schedule as issuing fewer
        assertThat(m.issuedInWindows()).isEqualTo(scheduled);

        // after the drain the level's record counts every request issued in the window, finished or not
        LevelOutcome outcome = new LevelOutcome(0, spec(), java.util.List.of(counted(closed, scheduled - 1)),
                new LevelValidation(true, null, 0.01, 1, 0.05), null);
        feed.levelValidated(outcome);
        assertThat(feed.replayRates().issuedInWindows()).isEqualTo(scheduled - 1);
    }

    @Test
    void a_run_without_a_trace_has_no_replay_rate() {
        StudyPlan plan = StudyRunLiveFeedTest.quickstartPlan();
        feed.starting("quickstart");
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells());
        feed.levelStarted(0, spec());
        feed.windowClosed(ScriptedRun.window(0, 0, clock.get(), clock.get() + 5 * ScriptedRun.SECOND, false));
        assertThat(feed.replayRates()).isEqualTo(ReplayRateModel.EMPTY);
        assertThat(feed.replayRates().caption()).isEmpty();
    }
}

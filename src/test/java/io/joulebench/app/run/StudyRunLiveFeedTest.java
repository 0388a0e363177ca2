package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.app.editor.StudyCheck;
import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WarmupState;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StudyRunLiveFeedTest {

    /** A test copy of the quickstart, so editing the user-facing example changes no assertion here. */
    static final Path FIXTURE = Path.of("src/test/resources/studies/three-rates.yaml");

    private final AtomicLong clock = new AtomicLong(1_000 * ScriptedRun.SECOND);
    private final StudyRunLiveFeed feed = new StudyRunLiveFeed(clock::get);
    private final StudyPlan plan = quickstartPlan();
    private final ScriptedRun run = new ScriptedRun(plan, feed, clock, () -> { });

    static StudyPlan quickstartPlan() {
        try {
            StudyCheck check = StudyCheck.of(Files.readString(FIXTURE), null);
            return StudyPlan.of(check.study());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void a_started_study_lists_every_level_pending_with_the_provisional_energy_kind() {
        feed.starting("quickstart");
        assertThat(feed.snapshot().state()).isEqualTo(RunState.STARTING);
        run.start();

        LiveSnapshot s = feed.snapshot();
        assertThat(s.state()).isEqualTo(RunState.RUNNING);
        assertThat(s.studyName()).isEqualTo("quickstart");
        assertThat(s.energyKind()).isEqualTo("simulated");
        assertThat(s.levels()).extracting(LevelRow::rate).containsExactly(2.0, 8.0, 32.0);
        assertThat(s.levels()).extracting(LevelRow::verdict).containsOnly(Validity.PENDING);
        assertThat(s.progress().levelCount()).isEqualTo(3);
        assertThat(s.windows()).isEmpty();
    }

    @Test
    void a_resumed_session_that_runs_part_of_a_group_shows_its_levels_in_their_plan_rows() {
        var first = plan.cells().get(0);
        feed.starting("quickstart");
        // level 0 was credited before; the resumed session runs the plan's levels 1 and 2, whose events carry 1, 2
        feed.resuming(List.of(io.joulebench.core.results.ManifestEntry.pending(0, first.configHash(), first.cycle(),
                first.label()).with(io.joulebench.core.results.CellStatus.COMPLETED, null, null, "s0",
                List.of("w0", "w1", "w2"), null, "2026-01-01T00:00:00Z")));
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells().subList(1, 3));
        feed.levelStarted(1, io.joulebench.core.window.WindowSpec.builder().rate(8).durationSeconds(2)
                .windowsPerLevel(3).build());

        LiveSnapshot s = feed.snapshot();
        assertThat(s.progress().level()).as("the credited level counts first, as the CLI counts it").isEqualTo(2);
        assertThat(s.progress().row()).isEqualTo(1);
        assertThat(s.progress().rate()).isEqualTo(8.0);
    }

    @Test
    void an_auto_level_shows_the_window_length_its_warmup_chose_in_the_level_table() {
        feed.starting("quickstart");
        feed.studyStarted(plan);
        feed.sessionStarted("s", plan.cells());
        feed.levelStarted(0, io.joulebench.core.window.WindowSpec.builder().rate(2).durationSeconds(300)
                .windowsPerLevel(3).build());
        assertThat(feed.snapshot().levels().get(0).windowsText()).isEqualTo("0/3");

        feed.windowLengthChosen(0, new io.joulebench.core.warmup.WindowChoice(278, 0.0299, 10, 300, 0.03,
                "the shortest length whose predicted CV (0.0299) is at most the target 0.0300", null));

        LiveSnapshot s = feed.snapshot();
        assertThat(s.levels().get(0).autoWindow()).isEqualTo("auto 278 s");
        assertThat(s.levels().get(0).windowsText()).isEqualTo("0/3 · auto 278 s");
        assertThat(s.levels().get(1).windowsText()).as("a level not yet warmed shows none").isEqualTo("0/3");
    }

    @Test
    void a_resume_shows_the_credited_levels_done_and_neither_the_eta_nor_the_bar_counts_them_as_work_left() {
        // Issue 22 item 6: after a resume the finished levels read "0/3 pending", the ETA was the whole study's and
        // the bar counted the finished levels as work left.
        List<io.joulebench.core.results.ManifestEntry> manifest = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            var cell = plan.cells().get(i);
            var pending = io.joulebench.core.results.ManifestEntry.pending(i, cell.configHash(), cell.cycle(),
                    cell.label());
            manifest.add(i == 2 ? pending : pending.with(i == 0 ? io.joulebench.core.results.CellStatus.COMPLETED
                    : io.joulebench.core.results.CellStatus.FAILED, i == 0 ? null : "J/token CV 0.2 > 0.05",
                    i == 0 ? null : "LevelInvalid", "s0", List.of("w0", "w1", "w2"),
                    new io.joulebench.core.results.CellSummary(cell.rate(), 3, 15.0, 10.0, 1000, 10.0, 0.01, i == 0,
                            "simulated"), "2026-01-01T00:00:00Z"));
        }
        feed.starting("quickstart");
        feed.resuming(manifest);
        feed.studyStarted(plan);
        feed.sessionStarted("s1", plan.cells().subList(2, 3));

        LiveSnapshot s = feed.snapshot();
        assertThat(s.levels()).extracting(LevelRow::windowsDone).containsExactly(3, 3, 0);
        assertThat(s.levels()).extracting(LevelRow::verdict)
                .containsExactly(Validity.VALID, Validity.INVALID, Validity.PENDING);
        assertThat(s.levels().get(1).reason()).startsWith("J/token CV 0.2 > 0.05");
        assertThat(s.progress().fraction()).as("six of nine windows are done").isCloseTo(6 / 9.0, within(1e-9));
        double oneLevel = plan.estimate().totalSeconds() / 3;
        assertThat(s.progress().eta().toMillis() / 1000.0).as("the ETA is the one level left")
                .isCloseTo(oneLevel, within(0.01));

        feed.levelStarted(2, io.joulebench.core.window.WindowSpec.builder().rate(32).durationSeconds(2)
                .windowsPerLevel(3).build());
        assertThat(feed.snapshot().progress().level()).isEqualTo(3);
    }

    @Test
    void a_resumed_runs_credited_level_shows_its_figures_and_windows_from_the_folder() {
        // Issue 35 item 6: the credited level showed CV, TTFT and Req/s as "—" and none of its windows in the chart.
        var cell = plan.cells().get(0);
        var entry = io.joulebench.core.results.ManifestEntry.pending(0, cell.configHash(), cell.cycle(), cell.label())
                .with(io.joulebench.core.results.CellStatus.COMPLETED, null, null, "s0", List.of("w0", "w1", "w2"),
                        new io.joulebench.core.results.CellSummary(cell.rate(), 3, 15.0, 10.0, 1000, 10.0, 0.01, true,
                                "simulated"), "2026-01-01T00:00:00Z");
        List<String> header = List.of("config_hash", "cycle", "window_index", "j_per_token", "level_cov",
                "ttft_p99_ms", "request_throughput_req_s");
        List<io.joulebench.core.results.WindowRow> rows = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            rows.add(io.joulebench.core.results.WindowRow.of(header, List.of(cell.configHash(),
                    String.valueOf(cell.cycle()), String.valueOf(w), String.valueOf(0.5 + w / 100.0), "0.02",
                    String.valueOf(40 + w), "1.98")));
        }
        rows.add(io.joulebench.core.results.WindowRow.of(header, List.of("another-hash", "0", "0", "9", "", "", "")));
        feed.starting("quickstart");
        feed.resuming(List.of(entry), rows);
        feed.studyStarted(plan);
        feed.sessionStarted("s1", plan.cells().subList(1, 3));

        LiveSnapshot s = feed.snapshot();
        LevelRow credited = s.levels().get(0);
        assertThat(credited.cv()).isEqualTo(0.02);
        assertThat(credited.ttftP99Ms()).isCloseTo(41.0, within(1e-9));
        assertThat(credited.requestThroughput()).isCloseTo(1.98, within(1e-9));
        assertThat(s.windows()).extracting(WindowPoint::levelIndex, WindowPoint::windowIndex)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, 0), org.assertj.core.groups.Tuple.tuple(0, 1),
                        org.assertj.core.groups.Tuple.tuple(0, 2));
        assertThat(s.windows()).extracting(WindowPoint::validity).containsOnly(Validity.VALID);
    }

    @Test
    void power_sampled_after_the_last_level_or_a_cancel_is_not_drawn_past_the_run() throws Exception {
        // Issue 22 item 17: the session's last batch, taken as the server is torn down, drew a stray point.
        feed.starting("quickstart");
        run.play();
        long measured = clock.get();
        int samples = feed.snapshot().power().get(0).samples().size();
        feed.powerSampled(List.of(new PowerSample(measured - 1, 0, 77.0, 50.0, false),
                new PowerSample(measured + 2 * ScriptedRun.SECOND, 0, 12.0, 50.0, false)));
        clock.addAndGet(3 * ScriptedRun.SECOND);
        feed.studyFinished(false);

        List<io.joulebench.app.live.PowerPoint> trace = feed.snapshot().power().get(0).samples();
        assertThat(trace).hasSize(samples + 1);
        assertThat(trace.get(trace.size() - 1).watts()).as("taken before the last result, so kept").isEqualTo(77.0);

        feed.starting("quickstart");
        run.start();
        feed.cancelling();
        feed.powerSampled(List.of(new PowerSample(clock.get() + ScriptedRun.SECOND, 0, 12.0, 50.0, false)));
        assertThat(feed.snapshot().power()).isEmpty();
    }

    @Test
    void a_cancel_the_core_reported_reaches_the_view_once_and_one_it_did_not_is_closed_by_the_controller() {
        feed.starting("quickstart");
        run.start();
        feed.cancelling();
        feed.studyFinished(true);
        LiveSnapshot reported = feed.snapshot();

        feed.ended(true); // the controller, after the run's task ends
        assertThat(feed.snapshot().version()).isEqualTo(reported.version());
        assertThat(feed.snapshot().state()).isEqualTo(RunState.CANCELLED);

        feed.starting("quickstart");
        feed.cancelling();
        feed.ended(true); // cancelled before the core said anything
        assertThat(feed.snapshot().state()).isEqualTo(RunState.CANCELLED);
    }

    @Test
    void a_fixed_warmup_reads_running_then_done_never_converging() {
        feed.starting("quickstart");
        run.start();
        feed.warmupStarted(0, io.joulebench.core.warmup.WarmupMode.FIXED);
        assertThat(feed.snapshot().progress().warmup()).isEqualTo(WarmupState.RUNNING_FIXED);
        assertThat(feed.snapshot().progress().warmup().label()).isEqualTo("running (fixed)");
        feed.warmupFinished(new io.joulebench.core.warmup.WarmupResult(0, io.joulebench.core.warmup.WarmupMode.FIXED,
                true, false, 3, null, null, "fixed"));
        assertThat(feed.snapshot().progress().warmup()).isEqualTo(WarmupState.DONE_FIXED);
        feed.warmupStarted(1, io.joulebench.core.warmup.WarmupMode.COMPOSITE);
        assertThat(feed.snapshot().progress().warmup()).isEqualTo(WarmupState.CONVERGING);
    }

    @Test
    void windows_stay_pending_until_the_gate_decides_then_turn_valid() throws Exception {
        feed.starting("quickstart");
        run.start();
        run.level(0, 3);

        LiveSnapshot open = feed.snapshot();
        assertThat(open.windows()).hasSize(3).extracting(WindowPoint::validity).containsOnly(Validity.PENDING);
        assertThat(open.windows()).extracting(WindowPoint::levelCv).allMatch(cv -> Double.isNaN(cv));
        assertThat(open.progress().level()).isEqualTo(1);
        assertThat(open.progress().window()).isEqualTo(3);
        assertThat(open.progress().windowCount()).isEqualTo(3);
        assertThat(open.progress().rate()).isEqualTo(2.0);
        assertThat(open.progress().warmup()).as("the scripted run warms for a fixed 3 s").isEqualTo(WarmupState.DONE_FIXED);
        assertThat(open.progress().fraction()).isCloseTo(3 / 9.0, within(1e-9));
        assertThat(open.kpis().jPerToken()).isCloseTo(0.052, within(1e-9));
        assertThat(open.kpis().tokensPerS()).isCloseTo(1000 / 5.0, within(1e-9));
        assertThat(open.kpis().dispatchLatenessP99Ms()).isEqualTo(0.5);
        assertThat(open.kpis().powerW()).isEqualTo(90.0);
        assertThat(open.kpis().temperatureC()).isEqualTo(55.0);
        assertThat(open.kpis().inFlight()).isEqualTo(3.0);

        run.finish(0);
        LiveSnapshot decided = feed.snapshot();
        assertThat(decided.windows()).extracting(WindowPoint::validity).containsOnly(Validity.VALID);
        assertThat(decided.levels().get(0).cv()).isEqualTo(0.01);
        assertThat(decided.levels().get(0).ttftP99Ms()).isEqualTo(60.0);
        assertThat(decided.levels().get(0).requestThroughput()).isEqualTo(2.0);
        assertThat(decided.energyLabel()).isEqualTo("simulated (integrated power, reference engine)");
    }

    @Test
    void a_level_that_fails_the_gate_is_invalid_with_its_reason() throws Exception {
        feed.starting("quickstart");
        run.play();

        LiveSnapshot s = feed.snapshot();
        assertThat(s.state()).isEqualTo(RunState.FINISHED);
        assertThat(s.windows()).hasSize(9);
        assertThat(s.windows().subList(6, 9)).extracting(WindowPoint::validity).containsOnly(Validity.INVALID);
        assertThat(s.levels().get(2).reason()).isEqualTo("level CV 0.074 above threshold 0.05");
        assertThat(s.levels()).extracting(LevelRow::windowsDone).containsExactly(3, 3, 3);
        assertThat(s.progress().fraction()).isEqualTo(1.0);
        assertThat(s.progress().level()).isEqualTo(3);
    }

    @Test
    void window_spans_and_ramps_are_on_the_run_clock() throws Exception {
        feed.starting("quickstart");
        run.start();
        run.level(0, 2);

        LiveSnapshot s = feed.snapshot();
        // warmup 3 s, ramp 2 s, then two 5 s windows; the level was announced before its warmup
        assertThat(s.warmupSpans()).singleElement().satisfies(w -> {
            assertThat(w.startS()).isEqualTo(0.0);
            assertThat(w.endS()).isEqualTo(3.0);
        });
        assertThat(s.rampSpans()).singleElement().satisfies(r -> {
            assertThat(r.startS()).isEqualTo(3.0);
            assertThat(r.endS()).isEqualTo(5.0);
        });
        assertThat(s.windowSpans()).extracting(t -> t.startS() + "-" + t.endS()).containsExactly("5.0-10.0",
                "10.0-15.0");
        assertThat(s.power()).hasSize(2);
        assertThat(s.power().get(0).samples()).extracting(p -> p.tSeconds()).containsExactly(10.0, 15.0);
        assertThat(s.progress().eta()).isNotNull();
        assertThat(s.progress().eta().toSeconds()).isEqualTo(61 - 15);
    }

    @Test
    void power_traces_are_bounded_per_device() {
        feed.starting("quickstart");
        run.start();
        List<PowerSample> burst = new ArrayList<>();
        for (int i = 0; i < StudyRunLiveFeed.MAX_POWER_SAMPLES + 500; i++) {
            burst.add(new PowerSample(clock.get() + i, 0, 60.0, null, null));
        }
        feed.powerSampled(burst);
        assertThat(feed.snapshot().power().get(0).samples()).hasSize(StudyRunLiveFeed.MAX_POWER_SAMPLES);
    }

    @Test
    void an_interrupted_level_is_not_credited_and_the_study_ends_cancelled() throws Exception {
        feed.starting("quickstart");
        run.start();
        run.level(0, 1);
        feed.cancelling();
        assertThat(feed.snapshot().state()).isEqualTo(RunState.CANCELLING);
        var cell = run.cells().get(0);
        feed.levelResult(new LevelResult(cell, "s1", 0, null, List.of(ScriptedRun.window(0, 0, 0, 1, false)),
                null, ScriptedRun.SIMULATED, "aborted: cancelled", true));
        feed.studyFinished(true);

        LiveSnapshot s = feed.snapshot();
        assertThat(s.state()).isEqualTo(RunState.CANCELLED);
        assertThat(s.levels().get(0).verdict()).isEqualTo(Validity.INVALID);
        assertThat(s.levels().get(0).reason()).contains("interrupted");
        assertThat(s.levels().get(1).verdict()).isEqualTo(Validity.PENDING);
    }

    @Test
    void an_unchanged_feed_returns_the_same_snapshot_and_a_new_run_starts_clean() throws Exception {
        feed.starting("quickstart");
        run.play();
        LiveSnapshot first = feed.snapshot();
        assertThat(feed.snapshot()).isSameAs(first);

        feed.starting("again");
        LiveSnapshot fresh = feed.snapshot();
        assertThat(fresh.version()).isGreaterThan(first.version());
        assertThat(fresh.windows()).isEmpty();
        assertThat(fresh.power()).isEmpty();
        assertThat(fresh.energyKind()).isEmpty();
        assertThat(fresh.studyName()).isEqualTo("again");
    }
}

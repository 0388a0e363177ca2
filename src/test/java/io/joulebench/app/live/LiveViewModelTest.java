package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.EnergyBanner;
import io.joulebench.app.fx.PollScheduler;
import io.joulebench.app.fx.UiExecutor;
import java.time.Duration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LiveViewModelTest {

    private final TestServices services = new TestServices();
    private final FakeRunController controller = new FakeRunController();
    private final AtomicReference<LiveSnapshot> current = new AtomicReference<>(LiveSnapshot.idle());
    private final List<Runnable> ticks = new ArrayList<>();
    private final PollScheduler manual = (period, task) -> {
        ticks.add(task);
        return () -> ticks.remove(task);
    };

    private LiveViewModel vm(UiExecutor ui) {
        return new LiveViewModel(new RunBackend(current::get, controller), ui, manual, services.confirmer,
                services.errors, LiveViewModel.DEFAULT_HZ);
    }

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void a_session_levels_row_says_its_sessions_under_its_verdict_in_flight_while_it_runs() {
        LiveViewModel vm = new LiveViewModel(RunBackend.none(), UiExecutor.direct(), manual, services.confirmer,
                services.errors, 10);
        LiveSnapshot r = FakeLiveFeed.at(30);
        int running = r.progress().level() - 1;
        assertThat(running).as("the fixture has a decided level before the running one").isPositive();
        List<LevelRow> rows = new ArrayList<>(r.levels());
        for (int i : List.of(0, running)) {
            LevelRow row = rows.get(i);
            rows.set(i, new LevelRow(row.levelIndex(), row.rate(), row.windowsDone(), row.windowsTotal(), row.cv(),
                    row.cvThreshold(), row.verdict(), row.reason(), row.ttftP99Ms(), row.requestThroughput(),
                    row.autoWindow(), row.fidelity(), row.clientWarning(),
                    new io.joulebench.core.window.SessionCounts(12, 8)));
        }
        vm.apply(new LiveSnapshot(r.version() + 1, r.state(), r.studyName(), r.energyKind(), r.energyLabel(),
                r.windows(), r.power(), r.windowSpans(), r.warmupSpans(), r.rampSpans(), r.kpis(), r.progress(),
                rows));
        assertThat(vm.levelRows().get(running).verdict()).isEqualTo(Validity.PENDING);
        assertThat(LevelTableView.verdict(vm.levelRows().get(running)))
                .endsWith("\n4 sessions in flight · 12 started · 8 done");
        assertThat(vm.levelRows().getFirst().verdict()).isNotEqualTo(Validity.PENDING);
        assertThat(LevelTableView.verdict(vm.levelRows().getFirst())).endsWith("\n12 sessions started · 8 done");
        assertThat(vm.levelRows().stream().filter(row -> row.levelIndex() != 0 && row.levelIndex() != running))
                .allSatisfy(row -> assertThat(LevelTableView.verdict(row)).doesNotContain("sessions"));
    }

    @Test
    void a_cancelled_run_shows_no_current_readings_in_its_tiles() {
        LiveViewModel vm = new LiveViewModel(RunBackend.none(), UiExecutor.direct(), manual, services.confirmer,
                services.errors, 10);
        LiveSnapshot r = FakeLiveFeed.at(30);
        vm.apply(r);
        assertThat(vm.powerWProperty().get()).isFinite();
        vm.apply(new LiveSnapshot(r.version() + 1, RunState.CANCELLED, r.studyName(), r.energyKind(), r.energyLabel(),
                r.windows(), r.power(), r.windowSpans(), r.warmupSpans(), r.rampSpans(), r.kpis(), r.progress(),
                r.levels()));
        assertThat(List.of(vm.powerWProperty().get(), vm.jPerTokenProperty().get(), vm.tokensPerSProperty().get(),
                vm.inFlightProperty().get(), vm.latenessP99MsProperty().get(), vm.temperatureCProperty().get()))
                .allMatch(v -> Double.isNaN(v));
        LevelRow current = r.levels().get(r.progress().level() - 1);
        assertThat(current.windowsDone()).as("a window was open when it stopped").isLessThan(r.progress().window());
        assertThat(vm.windowTextProperty().get())
                .isEqualTo("Window " + current.windowsDone() + "/" + current.windowsTotal() + " done");
    }

    @Test
    void a_run_cancelled_during_its_fixed_warmup_does_not_read_warmup_running() {
        // Issue 35 item 6: after Cancel the status still read "Warmup: running (fixed)".
        LiveViewModel vm = vm(UiExecutor.direct());
        LiveSnapshot r = FakeLiveFeed.at(1);
        RunProgress p = r.progress();
        RunProgress fixed = new RunProgress(p.level(), p.levelCount(), p.rate(), p.window(), p.windowCount(),
                WarmupState.RUNNING_FIXED, p.eta(), p.fraction());
        vm.apply(new LiveSnapshot(r.version(), RunState.RUNNING, r.studyName(), r.energyKind(), r.energyLabel(),
                r.windows(), r.power(), r.windowSpans(), r.warmupSpans(), r.rampSpans(), r.kpis(), fixed,
                r.levels()));
        assertThat(vm.warmupTextProperty().get()).isEqualTo("Warmup: running (fixed)");

        vm.apply(new LiveSnapshot(r.version() + 1, RunState.CANCELLED, r.studyName(), r.energyKind(),
                r.energyLabel(), r.windows(), r.power(), r.windowSpans(), r.warmupSpans(), r.rampSpans(), r.kpis(),
                fixed, r.levels()));
        assertThat(vm.warmupTextProperty().get()).doesNotContain("running").contains("stopped");
    }

    @Test
    void closed_windows_become_points_across_levels_with_one_band_per_level() {
        LiveViewModel vm = vm(UiExecutor.direct());
        // 3 s warmup + level 1 (17 s) + ramp and two windows of level 2.
        vm.apply(FakeLiveFeed.at(3 + 17 + 2 + 10.5));
        WindowChartModel chart = vm.windowChartProperty().get();
        assertThat(chart.points()).extracting(WindowChartModel.Point::x).containsExactly(0, 1, 2, 3, 4);
        assertThat(chart.points()).extracting(p -> p.window().validity())
                .containsExactly(Validity.VALID, Validity.VALID, Validity.VALID, Validity.PENDING, Validity.PENDING);
        assertThat(chart.bands()).extracting(LevelBand::rate, LevelBand::firstX, LevelBand::lastX)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2.0, 0, 2),
                        org.assertj.core.groups.Tuple.tuple(8.0, 3, 4));
        assertThat(chart.bands().get(0).cv()).isEqualTo(0.021);
        assertThat(chart.bands().get(1).cv()).isNaN();
    }

    @Test
    void the_chart_grows_as_windows_close_and_an_unstable_level_turns_invalid() {
        LiveViewModel vm = vm(UiExecutor.direct());
        vm.apply(FakeLiveFeed.at(10));
        assertThat(vm.windowChartProperty().get().points()).hasSize(1);
        vm.apply(FakeLiveFeed.at(FakeLiveFeed.totalSeconds()));
        WindowChartModel done = vm.windowChartProperty().get();
        assertThat(done.points()).hasSize(9);
        assertThat(done.bands()).extracting(LevelBand::validity)
                .containsExactly(Validity.VALID, Validity.VALID, Validity.INVALID);
        assertThat(vm.levelRows()).extracting(LevelRow::reason).last().asString().contains("above threshold");
        assertThat(vm.etaTextProperty().get()).isEqualTo("Finished");
    }

    @Test
    void power_traces_are_decimated_to_a_bound_and_keep_their_peak() {
        LiveViewModel vm = vm(UiExecutor.direct());
        LiveSnapshot end = FakeLiveFeed.at(FakeLiveFeed.totalSeconds());
        vm.apply(end);
        PowerChartModel power = vm.powerChartProperty().get();
        assertThat(end.power().get(0).samples()).hasSizeGreaterThan(LiveViewModel.MAX_POWER_POINTS);
        assertThat(power.traces()).hasSize(2).allSatisfy(t ->
                assertThat(t.samples()).hasSizeLessThanOrEqualTo(LiveViewModel.MAX_POWER_POINTS));
        double rawPeak = end.power().get(1).samples().stream().mapToDouble(PowerPoint::watts).max().orElseThrow();
        assertThat(power.traces().get(1).samples()).extracting(PowerPoint::watts).contains(rawPeak);
        assertThat(power.windows()).hasSize(9);
        assertThat(power.ramps()).hasSize(3);
    }

    @Test
    void a_power_trace_is_cut_where_the_meter_was_not_read_and_warmup_and_ramp_are_told_apart() {
        LiveViewModel vm = vm(UiExecutor.direct());
        List<PowerPoint> samples = new ArrayList<>();
        for (int i = 0; i <= 50; i++) {
            samples.add(new PowerPoint(i / 10.0, 60 + i % 3)); // warmup and level 1 at 10 Hz
        }
        for (int i = 80; i <= 120; i++) {
            samples.add(new PowerPoint(i / 10.0, 90 + i % 2)); // no reads in the 3 s ramp of level 2
        }
        LiveSnapshot s = new LiveSnapshot(7, RunState.RUNNING, "gap", "simulated", "", List.of(),
                List.of(new GpuTrace(0, "GPU 0", samples)), List.of(new TimeSpan(1, 0, 8, 12)),
                List.of(new TimeSpan(1, -1, 4, 5)), List.of(new TimeSpan(1, -1, 5, 8)), Kpis.UNKNOWN,
                RunProgress.NONE, List.of());

        vm.apply(s);

        PowerChartModel power = vm.powerChartProperty().get();
        assertThat(power.traces()).singleElement().satisfies(t -> {
            assertThat(t.segments()).hasSize(2);
            assertThat(t.segments().get(0)).last().extracting(PowerPoint::tSeconds).isEqualTo(5.0);
            assertThat(t.segments().get(1)).first().extracting(PowerPoint::tSeconds).isEqualTo(8.0);
            assertThat(t.samples()).hasSize(samples.size());
        });
        assertThat(power.warmups()).extracting(TimeSpan::startS, TimeSpan::endS)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(4.0, 5.0));
        assertThat(power.ramps()).extracting(TimeSpan::startS, TimeSpan::endS)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(5.0, 8.0));
    }

    @Test
    void a_steady_trace_stays_one_segment_and_decimation_keeps_each_segment_within_the_bound() {
        List<PowerPoint> samples = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            double t = i < 1500 ? i / 40.0 : 40 + i / 40.0; // a 40 s hole in the middle
            samples.add(new PowerPoint(t, 50 + Math.sin(i)));
        }
        assertThat(PowerChartModel.segments(samples.subList(0, 1500))).hasSize(1);
        LiveSnapshot s = new LiveSnapshot(3, RunState.RUNNING, "gap", "simulated", "", List.of(),
                List.of(new GpuTrace(0, "GPU 0", samples)), List.of(), List.of(), List.of(), Kpis.UNKNOWN,
                RunProgress.NONE, List.of());
        PowerChartModel.Trace trace = PowerChartModel.of(s, 600).traces().get(0);
        assertThat(trace.segments()).hasSize(2);
        assertThat(trace.samples()).hasSizeLessThanOrEqualTo(600).hasSizeGreaterThan(500);
    }

    @Test
    void the_power_point_budget_is_shared_when_many_devices_report() {
        assertThat(LiveViewModel.pointsPerTrace(1)).isEqualTo(LiveViewModel.MAX_POWER_POINTS);
        assertThat(LiveViewModel.pointsPerTrace(2)).isEqualTo(LiveViewModel.MAX_POWER_POINTS);
        assertThat(LiveViewModel.pointsPerTrace(8)).isEqualTo(300);
        assertThat(LiveViewModel.pointsPerTrace(64)).isEqualTo(100);
    }

    @Test
    void kpis_progress_and_banner_follow_the_snapshot() {
        LiveViewModel vm = vm(UiExecutor.direct());
        vm.apply(FakeLiveFeed.at(3 + 17 + 2 + 6));
        assertThat(vm.levelTextProperty().get()).isEqualTo("Level 2/3 at 8 req/s");
        assertThat(vm.windowTextProperty().get()).isEqualTo("Window 2/3");
        assertThat(vm.warmupTextProperty().get()).isEqualTo("Warmup: converged");
        assertThat(vm.etaTextProperty().get()).startsWith("ETA 0:");
        assertThat(vm.progressProperty().get()).isBetween(0.5, 0.6);
        assertThat(vm.tokensPerSProperty().get()).isEqualTo(8 * 58.0);
        assertThat(vm.bannerProperty().get()).isEqualTo(EnergyBanner.SIMULATED);
    }

    @Test
    void an_unchanged_snapshot_version_is_not_applied_twice() {
        LiveViewModel vm = vm(UiExecutor.direct());
        List<Object> changes = new ArrayList<>();
        vm.levelRows().addListener((ListChangeListener<LevelRow>) changes::add);
        vm.windowChartProperty().addListener((o, a, b) -> changes.add(b));
        LiveSnapshot s = FakeLiveFeed.at(25);
        vm.apply(s);
        int afterFirst = changes.size();
        vm.apply(s);
        assertThat(afterFirst).isPositive();
        assertThat(changes).hasSize(afterFirst);
    }

    @Test
    void polling_posts_at_most_one_pending_apply_to_the_ui_thread() {
        List<Runnable> uiQueue = new ArrayList<>();
        LiveViewModel vm = vm(uiQueue::add);
        vm.startPolling();
        assertThat(vm.pollPeriod()).isEqualTo(Duration.ofMillis(100));
        current.set(FakeLiveFeed.at(12));
        for (int i = 0; i < 5; i++) {
            ticks.get(0).run();
        }
        assertThat(uiQueue).hasSize(1);
        uiQueue.remove(0).run();
        assertThat(vm.windowChartProperty().get().points()).hasSize(1);
        ticks.get(0).run();
        assertThat(uiQueue).hasSize(1);
        vm.stopPolling();
        assertThat(ticks).isEmpty();
    }

    @Test
    void cancel_asks_first_and_does_nothing_when_refused() {
        LiveViewModel vm = vm(UiExecutor.direct());
        vm.apply(FakeLiveFeed.at(20));
        services.confirmAnswer = false;
        assertThat(vm.cancel()).isFalse();
        assertThat(controller.calls).isEmpty();
        services.confirmAnswer = true;
        assertThat(vm.cancel()).isTrue();
        assertThat(controller.calls).containsExactly("cancel");
        assertThat(services.questions).hasSize(2);
    }

    @Test
    void run_is_enabled_only_when_idle_and_a_runner_is_wired() {
        LiveViewModel vm = vm(UiExecutor.direct());
        assertThat(vm.canRunProperty().get()).isTrue();
        vm.apply(FakeLiveFeed.at(5));
        assertThat(vm.canRunProperty().get()).isFalse();
        assertThat(vm.canCancelProperty().get()).isTrue();
        LiveViewModel none = new LiveViewModel(RunBackend.none(), UiExecutor.direct(), manual, services.confirmer,
                services.errors, 4);
        assertThat(none.canRunProperty().get()).isFalse();
        none.run();
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void a_failing_start_goes_to_the_error_reporter() {
        RunController failing = new FakeRunController() {
            @Override
            public void start() {
                throw new IllegalStateException("port 8000 is busy");
            }
        };
        LiveViewModel vm = new LiveViewModel(new RunBackend(current::get, failing), UiExecutor.direct(), manual,
                services.confirmer, services.errors, 25);
        vm.run();
        assertThat(services.errors.messages).singleElement().asString().contains("port 8000 is busy");
    }

    @Test
    void poll_rates_outside_4_to_25_hz_are_refused() {
        assertThatThrownBy(() -> new LiveViewModel(RunBackend.none(), UiExecutor.direct(), manual,
                services.confirmer, services.errors, 30)).hasMessageContaining("4 to 25 Hz");
    }

    @Test
    void a_cluster_runs_jobs_reach_the_job_table_and_a_run_here_has_none() {
        LiveViewModel vm = vm(UiExecutor.direct());
        LiveSnapshot idle = LiveSnapshot.idle();
        vm.apply(new LiveSnapshot(7, RunState.RUNNING, "q", "", "", List.of(), List.of(), List.of(), List.of(),
                List.of(), Kpis.UNKNOWN, RunProgress.NONE, List.of(),
                List.of(new JobRow("41", 0, "RUNNING on node7", false, "1/3"))));

        assertThat(vm.jobRows()).extracting(JobRow::state).containsExactly("RUNNING on node7");

        vm.apply(idle.withVersion(8));
        assertThat(vm.jobRows()).isEmpty();
    }

    @Test
    void cancel_asks_the_controllers_question_when_it_has_one() {
        FakeRunController following = new FakeRunController() {
            @Override
            public String cancelQuestion() {
                return "Cancel the run in /r? Its Slurm jobs are cancelled.";
            }
        };
        LiveViewModel vm = new LiveViewModel(new RunBackend(current::get, following), UiExecutor.direct(), manual,
                services.confirmer, services.errors, LiveViewModel.DEFAULT_HZ);
        vm.apply(new LiveSnapshot(3, RunState.RUNNING, "q", "", "", List.of(), List.of(), List.of(), List.of(),
                List.of(), Kpis.UNKNOWN, RunProgress.NONE, List.of()));

        assertThat(vm.cancel()).isTrue();

        assertThat(services.questions).containsExactly("Cancel the run in /r? Its Slurm jobs are cancelled.");
        assertThat(following.calls).containsExactly("cancel");
    }

    @Test
    void follow_is_offered_only_where_the_controller_can_follow_and_says_what_is_followed() {
        FakeRunController canFollow = new FakeRunController() {
            @Override
            public boolean canFollow() {
                return true;
            }

            @Override
            public void follow(Path folder) {
                calls.add("follow " + folder.getFileName());
            }
        };
        LiveViewModel plain = vm(UiExecutor.direct());
        assertThat(plain.canFollowProperty().get()).isFalse();
        LiveViewModel vm = new LiveViewModel(new RunBackend(current::get, canFollow), UiExecutor.direct(), manual,
                services.confirmer, services.errors, LiveViewModel.DEFAULT_HZ);
        assertThat(vm.canFollowProperty().get()).isTrue();

        vm.follow(Path.of("/runs/quick-1"));

        assertThat(canFollow.calls).containsExactly("follow quick-1");
        assertThat(vm.followingProperty().get()).isEqualTo("Following quick-1");
        vm.stopFollowing();
        assertThat(vm.followingProperty().get()).isEmpty();
    }
}

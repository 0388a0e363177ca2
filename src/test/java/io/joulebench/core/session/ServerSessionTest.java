package io.joulebench.core.session;

import static io.joulebench.core.session.SessionFixtures.NO_WARMUP;
import static io.joulebench.core.session.SessionFixtures.cells;
import static io.joulebench.core.session.SessionFixtures.load;
import static io.joulebench.core.session.SessionFixtures.serverStudy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerSessionTest {

    @TempDir
    Path dir;

    private final FakeServices services = new FakeServices();

    private RecordingSink runGroup(String warmup, StudyRunListener listener) throws InterruptedException {
        Study study = load(serverStudy(warmup));
        List<ResolvedCell> cells = cells(study);
        RecordingSink sink = new RecordingSink(dir);
        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells, services, sink, listener).run();
        return sink;
    }

    @Test
    void a_clean_group_credits_every_level_as_it_closes_and_shuts_the_server_down_once() throws Exception {
        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "closed 1 valid",
                "started 2", "closed 2 valid", "session closed");
        assertThat(services.launcher.launches).hasValue(1);
        assertThat(services.launcher.shutdowns).hasValue(1);
        LevelResult first = sink.levels.getFirst();
        assertThat(first.windows()).hasSize(3).allSatisfy(w -> {
            assertThat(w.tokens()).isEqualTo(100);
            assertThat(w.energyJ()).isEqualTo(1000.0);
            assertThat(w.jPerToken()).isEqualTo(10.0);
        });
        assertThat(sink.preliminary).extracting(SessionBlock::windowCount).containsExactly(3, 6, 9);
        assertThat(sink.preliminary).allSatisfy(b -> assertThat(b.drainDurationS()).isNull());
        SessionBlock last = sink.closed.getFirst();
        assertThat(last.windowCount()).isEqualTo(9);
        assertThat(last.levelCount()).isEqualTo(3);
        assertThat(last.launchDurationS()).isNotNull();
        assertThat(last.launchEnergyJ()).as("the meter is opened as soon as the server exists").isNotNull();
        assertThat(last.drainDurationS()).isNotNull();
        assertThat(last.drainEnergyJ()).as("the drain is bracketed on the session meter").isNotNull();
        assertThat(last.sessionId()).isEqualTo(first.sessionId());
        // the engine's version is asked once the server is ready, so every bundle (preliminary too) carries it; this
        // fake server answers nothing, so it is named by how it was launched
        assertThat(last.engineVersion()).isNotBlank();
        assertThat(sink.preliminary).allSatisfy(b -> assertThat(b.engineVersion()).isEqualTo(last.engineVersion()));
        assertThat(first.energy().source()).isEqualTo("simulated");
        assertThat(first.energy().reasons()).containsExactly("simulated: requested");
    }

    @Test
    void an_attached_server_is_recorded_by_its_url_as_attached_not_launched() throws Exception {
        Study study = load(serverStudy(NO_WARMUP).replace("runners: {reference: in-process}",
                "runners: {reference: endpoint}\nreference: {url: \"http://127.0.0.1:1\"}"));
        RecordingSink sink = new RecordingSink(dir);
        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink,
                StudyRunListener.NONE).run();

        SessionBlock last = sink.closed.getFirst();
        assertThat(last.levelCount()).isEqualTo(3);
        assertThat(last.runner()).isEqualTo(RunnerProvenance.attached("endpoint", "http://127.0.0.1:1"));
        assertThat(last.engineVersion()).isEqualTo("reference (attached, version not reported)");
    }

    @Test
    void a_meter_that_needs_the_server_measures_the_launch_from_the_moment_the_server_exists() throws Exception {
        services.launcher.whileGettingReady = () -> services.clock.advance(java.time.Duration.ofSeconds(2));

        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        SessionBlock block = sink.closed.getFirst();
        assertThat(block.launchDurationS()).isEqualTo(2.0);
        assertThat(block.launchEnergyJ()).as("100 W over the 2 s readiness wait").isEqualTo(200.0);
        assertThat(services.selections).as("one meter, chosen once the server existed").hasValue(1);
    }

    @Test
    void a_meter_that_cannot_read_the_server_before_it_is_ready_leaves_the_launch_energy_null() throws Exception {
        services.launcher.whileGettingReady = () -> services.clock.advance(java.time.Duration.ofSeconds(2));
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        services.beforeSelect = () -> {
            if (first.getAndSet(false)) {
                throw new io.joulebench.core.energy.MeterException("metrics endpoint unreachable");
            }
        };

        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        SessionBlock block = sink.closed.getFirst();
        assertThat(block.launchDurationS()).isEqualTo(2.0);
        assertThat(block.launchEnergyJ()).isNull();
        assertThat(sink.journal).endsWith("closed 2 valid", "session closed");
        assertThat(services.selections).as("chosen again once ready").hasValue(2);
    }

    @Test
    void auto_chooses_its_meter_once_the_server_is_ready_and_leaves_the_launch_energy_null() throws Exception {
        Study study = load(serverStudy(NO_WARMUP).replace("energy_sampler: simulated", "energy_sampler: auto"));
        RecordingSink sink = new RecordingSink(dir);

        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE).run();

        assertThat(services.selections).hasValue(1);
        assertThat(sink.closed.getFirst().launchEnergyJ()).isNull();
        assertThat(sink.closed.getFirst().launchDurationS()).isNotNull();
    }

    @Test
    void an_error_after_launch_still_shuts_the_server_down_before_it_propagates() throws Exception {
        services.beforeSelect = () -> {
            throw new UnsatisfiedLinkError("libnvidia-ml.so.1: cannot open shared object file");
        };
        Study study = load(serverStudy(NO_WARMUP));
        RecordingSink sink = new RecordingSink(dir);
        ServerSession session = new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE);

        assertThatThrownBy(session::run).isInstanceOf(UnsatisfiedLinkError.class);

        assertThat(services.launcher.launches).hasValue(1);
        assertThat(services.launcher.shutdowns).hasValue(1);
    }

    @Test
    void an_error_during_a_level_still_shuts_the_server_down_before_it_propagates() throws Exception {
        Study study = load(serverStudy(NO_WARMUP));
        RecordingSink sink = new RecordingSink(dir);
        services.beforeRead = () -> {
            if (sink.levels.size() == 1) {
                throw new OutOfMemoryError("Java heap space");
            }
        };
        ServerSession session = new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE);

        assertThatThrownBy(session::run).isInstanceOf(OutOfMemoryError.class);

        assertThat(services.launcher.shutdowns).hasValue(1);
        assertThat(sink.journal).startsWith("started 0", "closed 0 valid", "started 1").endsWith("session closed");
        assertThat(sink.closed.getFirst().drainDurationS()).as("an exit after an Error is no clean drain").isNull();
    }

    @Test
    void the_level_index_is_the_position_in_the_plan_group_also_when_a_resume_runs_part_of_it() throws Exception {
        Study study = load(serverStudy(NO_WARMUP));
        List<ResolvedCell> all = cells(study);
        RecordingSink sink = new RecordingSink(dir);
        RecordingListener listener = new RecordingListener();

        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), all.subList(1, 3), services, sink, listener)
                .run();

        assertThat(sink.levels).extracting(LevelResult::levelIndex).containsExactly(1, 2);
        // one index end to end: the window records and the listener's events carry the plan level too
        assertThat(sink.levels).allSatisfy(l -> assertThat(l.windows())
                .allSatisfy(w -> assertThat(w.levelIndex()).isEqualTo(l.levelIndex())));
        assertThat(listener.events).filteredOn(e -> e.startsWith("level"))
                .containsExactly("levelStarted 1", "levelResult 1 true", "levelStarted 2", "levelResult 2 true");
        String hash = all.get(1).configHash();
        assertThat(sink.levels.getFirst().windowId(0)).isEqualTo("server-" + hash + "-c1-L1-W0");
        String sessionId = sink.levels.getFirst().sessionId();
        java.nio.file.Path requests = dir.resolve(sessionId + "-L1-W0.rows");
        assertThat(requests).as("staged under the plan level index").isRegularFile();
        List<io.joulebench.core.window.RequestLogRow> rows = new java.util.ArrayList<>();
        io.joulebench.core.window.RequestLogSpill.read(requests, rows::add);
        assertThat(rows).isNotEmpty().allSatisfy(r -> assertThat(r.levelIndex()).isEqualTo(1));
    }

    @Test
    void the_server_log_goes_where_the_sink_keeps_logs() throws Exception {
        Study study = load(serverStudy(NO_WARMUP));
        RecordingSink sink = new RecordingSink(dir);
        sink.serverLogDir = dir.resolve("logs");

        ServerSession session = new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE);
        session.run();

        assertThat(services.launcher.spec.logDir()).isEqualTo(dir.resolve("logs"));
        assertThat(services.launcher.spec.sessionId()).isEqualTo(session.sessionId());
    }

    @Test
    void the_readiness_probe_is_the_first_request_shape_on_the_measured_path() throws Exception {
        runGroup(NO_WARMUP, StudyRunListener.NONE);

        assertThat(services.launcher.probe.probePath()).isEqualTo("/v1/completions");
        assertThat(services.launcher.probe.probeBody()).contains("\"max_tokens\":8", "\"temperature\":0.0",
                "\"prompt\":");
        assertThat(services.launcher.spec.extraServeArgs()).containsSubsequence("--seed", "42");
    }

    @Test
    void a_failed_launch_fails_every_cell_and_needs_no_shutdown() throws Exception {
        services.launcher.failLaunch = true;

        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("failed 0", "failed 1", "failed 2");
        assertThat(sink.failures).allSatisfy(f -> assertThat(f).startsWith("ServerLaunchException: image not found"));
        assertThat(services.launcher.shutdowns).hasValue(0);
    }

    @Test
    void a_readiness_failure_shuts_the_launched_server_down_once_and_fails_every_cell() throws Exception {
        services.launcher.failReadiness = true;

        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("failed 0", "failed 1", "failed 2");
        assertThat(sink.failures.getFirst()).startsWith("ServerReadinessException: server not ready");
        assertThat(services.launcher.shutdowns).hasValue(1);
    }

    @Test
    void exit_is_idempotent() throws Exception {
        Study study = load(serverStudy(NO_WARMUP));
        RecordingSink sink = new RecordingSink(dir);
        ServerSession session = new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE);

        session.enter();
        session.exit(true);
        session.exit(true);
        session.exit(false);

        assertThat(services.launcher.shutdowns).hasValue(1);
        assertThat(sink.closed).hasSize(1);
        assertThat(sink.closed.getFirst().drainDurationS()).as("nothing persisted: no drain to measure").isNull();
    }

    @Test
    void a_warmup_traffic_error_fails_that_cell_and_the_later_ones_without_running_them() throws Exception {
        services.traffic.put(1, FakeServices.Traffic.WARMUP_DIES);

        RecordingSink sink = runGroup("{mode: fixed, duration_seconds: 5}", StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "failed 1", "failed 2",
                "session closed");
        // the scripted traffic ends at once: seen either as ended early or as zero successes, both traffic errors
        assertThat(sink.failures).hasSize(2).allSatisfy(f -> assertThat(f)
                .matches("WarmupTrafficException: warmup failed: warmup (traffic ended at t=|delivered zero).*"));
        assertThat(sink.levels.getFirst().warmup().elapsedSeconds()).isEqualTo(5.0);
        assertThat(sink.closed.getFirst().warmupTotalDurationS()).isEqualTo(5.0);
        assertThat(services.launcher.shutdowns).hasValue(1);
    }

    @Test
    void a_gate_failed_level_is_recorded_invalid_and_the_session_goes_on() throws Exception {
        services.traffic.put(0, FakeServices.Traffic.SPIKE_LAST_WINDOW);

        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 invalid", "started 1", "closed 1 valid",
                "started 2", "closed 2 valid", "session closed");
        LevelResult invalid = sink.levels.getFirst();
        assertThat(invalid.invalidReason()).contains("coefficient of variation");
        assertThat(invalid.windows()).hasSize(3);
        assertThat(invalid.interrupted()).isFalse();
    }

    @Test
    void an_aborted_level_keeps_its_closed_windows_with_the_reason_and_the_session_goes_on() throws Exception {
        services.traffic.put(1, FakeServices.Traffic.CRASH);

        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "closed 1 invalid",
                "started 2", "closed 2 valid", "session closed");
        LevelResult aborted = sink.levels.get(1);
        assertThat(aborted.invalidReason()).startsWith("drain failed: ").contains("issuer crashed");
        assertThat(aborted.windows()).hasSize(3);
        assertThat(aborted.outcome()).isNull();
        assertThat(sink.closed.getFirst().windowCount()).isEqualTo(9);
    }

    @Test
    void an_interrupt_credits_closed_levels_sends_the_cut_one_uncredited_and_never_starts_the_next()
            throws Exception {
        Study study = load(serverStudy(NO_WARMUP));
        RecordingSink sink = new RecordingSink(dir);
        StudyRunListener interruptInLevel1Window1 = new StudyRunListener() {
            @Override
            public void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
                if (levelIndex == 1 && windowIndex == 1) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        ServerSession session = new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, interruptInLevel1Window1);

        assertThatThrownBy(session::run).isInstanceOf(InterruptedException.class);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1",
                "closed 1 interrupted", "session closed");
        LevelResult cut = sink.levels.get(1);
        assertThat(cut.invalidReason()).isEqualTo("aborted: cancelled");
        assertThat(cut.valid()).isFalse();
        assertThat(cut.windows()).extracting(WindowRecord::windowIndex).containsExactly(0);
        assertThat(services.launcher.shutdowns).hasValue(1);
        SessionBlock block = sink.closed.getFirst();
        assertThat(block.windowCount()).as("only the credited level's windows").isEqualTo(3);
        assertThat(block.levelCount()).isEqualTo(1);
        assertThat(block.drainDurationS()).as("no drain measured after an interrupt").isNull();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void a_cancel_that_surfaces_as_a_meter_failure_in_the_warmup_cuts_the_level_instead_of_failing_it()
            throws Exception {
        Study study = load(serverStudy("{mode: fixed, duration_seconds: 1}"));
        RecordingSink sink = new RecordingSink(dir);
        java.util.concurrent.atomic.AtomicBoolean armed = new java.util.concurrent.atomic.AtomicBoolean();
        services.beforeRead = () -> {
            if (armed.get()) {
                // What DcgmScraper does when a read is interrupted: restore the flag, throw its own exception.
                Thread.currentThread().interrupt();
                throw new io.joulebench.core.energy.MeterException("interrupted while scraping /metrics");
            }
        };
        StudyRunListener cancelInLevel1Warmup = new StudyRunListener() {
            @Override
            public void warmupStarted(int levelIndex, io.joulebench.core.warmup.WarmupMode mode) {
                armed.set(levelIndex == 1);
            }
        };
        ServerSession session = new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, cancelInLevel1Warmup);

        assertThatThrownBy(session::run).isInstanceOf(InterruptedException.class);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1",
                "closed 1 interrupted", "session closed");
        LevelResult cut = sink.levels.get(1);
        assertThat(cut.interrupted()).isTrue();
        assertThat(cut.invalidReason()).isEqualTo("interrupted (warmup)");
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void teardown_faults_never_flip_a_completed_cell() throws Exception {
        services.launcher.failShutdown = true;
        Study study = load(serverStudy(NO_WARMUP));
        RecordingSink sink = new RecordingSink(dir);
        sink.failSessionClosed = true;

        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE).run();

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "closed 1 valid",
                "started 2", "closed 2 valid", "session closed");
        assertThat(sink.failures).isEmpty();
        assertThat(sink.levels).allSatisfy(l -> assertThat(l.valid()).isTrue());
    }

    @Test
    void window_ids_carry_hash_cycle_level_and_window() throws Exception {
        RecordingSink sink = runGroup(NO_WARMUP, StudyRunListener.NONE);

        LevelResult second = sink.levels.get(1);
        String hash = second.cell().configHash();
        assertThat(second.windowId(2)).isEqualTo("server-" + hash + "-c1-L1-W2");
        assertThat(WindowIds.offline("abc", 2)).isEqualTo("offline-abc-c2");
    }

    @Test
    void power_samples_and_session_events_reach_the_listener() throws Exception {
        RecordingListener listener = new RecordingListener();

        runGroup(NO_WARMUP, listener);

        assertThat(listener.events).startsWith("sessionStarted 3", "serverReady http://127.0.0.1:1")
                .contains("levelResult 0 true", "levelResult 2 true").endsWith("sessionFinished 9");
        assertThat(listener.samples.get()).isPositive();
    }
}

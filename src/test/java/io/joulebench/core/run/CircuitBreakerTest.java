package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.Studies;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** study_execution.max_consecutive_failures and circuit_breaker_cooldown_seconds, as upstream reads them. */
class CircuitBreakerTest {

    @TempDir
    java.nio.file.Path tmp;

    /** One cell, six cycles in sequential order: six groups of one cell, one after the other. */
    private static final String SIX_GROUPS = """
            study_name: breaker
            serving_mode: server
            engine: reference
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server: {traffic: {rate: 2, window_seconds: 5, ramp_exclusion_seconds: 0}, windows_per_level: 3}
            study_execution: {n_cycles: 6, experiment_order: sequential%s}
            """;

    private StudyRunResult run(String execution, FakeSessionRunner fake, VirtualClock clock) throws IOException {
        Study study = Studies.load(tmp, "s.yaml", SIX_GROUPS.formatted(execution));
        return new StudyRunner(fake, clock).run(study, tmp.resolve("out"), StudyRunListener.NONE);
    }

    @Test
    void after_n_consecutive_failures_it_cools_down_probes_once_and_stops_the_study_when_the_probe_fails()
            throws IOException {
        FakeSessionRunner fake = new FakeSessionRunner(0).launchFailsWhen(c -> true);
        VirtualClock clock = VirtualClock.atSeconds(0);

        StudyRunResult r = run(", max_consecutive_failures: 2, circuit_breaker_cooldown_seconds: 30", fake, clock);

        assertThat(fake.groups).as("two failures, then one probe").hasSize(3);
        assertThat(clock.seconds()).as("one cooldown before the probe").isEqualTo(30.0);
        assertThat(r.aborted()).isTrue();
        assertThat(r.abortReason()).contains("circuit breaker", "3 consecutive cells failed",
                "launch failed: image not found", "30 s cooldown");
        assertThat(r.failed()).isEqualTo(3);
        assertThat(r.unfinished()).as("cells not reached stay pending for resume").isEqualTo(3);
        assertThat(r.entries().subList(3, 6)).allSatisfy(e -> {
            assertThat(e.status()).isEqualTo(CellStatus.PENDING);
            assertThat(e.reason()).isNull();
            assertThat(e.windowIds()).isEmpty();
        });
        assertThat(Files.readAllLines(r.folder().resolve(WindowsCsvTable.FILE_NAME))).as("header only").hasSize(1);
        assertThat(Manifest.read(r.folder().resolve(Manifest.FILE_NAME)).entries()).hasSize(6);
    }

    @Test
    void a_probe_that_measures_closes_the_breaker_and_the_study_runs_to_its_end() throws IOException {
        FakeSessionRunner fake = new FakeSessionRunner(0).launchFailsWhen(c -> c.cycle() <= 2);
        VirtualClock clock = VirtualClock.atSeconds(0);

        StudyRunResult r = run(", max_consecutive_failures: 2, circuit_breaker_cooldown_seconds: 30", fake, clock);

        assertThat(fake.groups).hasSize(6);
        assertThat(clock.seconds()).isEqualTo(30.0);
        assertThat(r.aborted()).isFalse();
        assertThat(r.completed()).isEqualTo(4);
        assertThat(r.failed()).isEqualTo(2);
    }

    @Test
    void gate_failed_levels_are_measurements_and_never_trip_it() throws IOException {
        FakeSessionRunner fake = new FakeSessionRunner(0).invalidWhen(c -> true);
        VirtualClock clock = VirtualClock.atSeconds(0);

        StudyRunResult r = run(", max_consecutive_failures: 1", fake, clock);

        assertThat(fake.groups).hasSize(6);
        assertThat(clock.seconds()).isZero();
        assertThat(r.aborted()).isFalse();
    }

    @Test
    void zero_turns_it_off_and_the_default_trips_after_ten() throws IOException {
        FakeSessionRunner off = new FakeSessionRunner(0).launchFailsWhen(c -> true);
        StudyRunResult r = run(", max_consecutive_failures: 0", off, VirtualClock.atSeconds(0));
        assertThat(off.groups).hasSize(6);
        assertThat(r.aborted()).isFalse();

        FakeSessionRunner byDefault = new FakeSessionRunner(0).launchFailsWhen(c -> true);
        VirtualClock clock = VirtualClock.atSeconds(0);
        StudyRunResult d = new StudyRunner(byDefault, clock).run(Studies.load(tmp, "d.yaml", SIX_GROUPS.formatted("")
                .replace("n_cycles: 6", "n_cycles: 12")), tmp.resolve("out2"), StudyRunListener.NONE);
        assertThat(byDefault.groups).as("ten failures, then the probe").hasSize(11);
        assertThat(clock.seconds()).isEqualTo(60.0);
        assertThat(d.aborted()).isTrue();
        assertThat(d.unfinished()).isEqualTo(1);
    }
}

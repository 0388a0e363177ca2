package io.joulebench.core.session;

import static io.joulebench.core.session.SessionFixtures.NO_WARMUP;
import static io.joulebench.core.session.SessionFixtures.cells;
import static io.joulebench.core.session.SessionFixtures.load;
import static io.joulebench.core.session.SessionFixtures.serverStudy;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.Study;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that dies while its session runs: the failed level says so (exit code and last log lines) instead of
 * reading as the meter, gate or warmup error it caused, and no later level of the group runs against it.
 */
class ServerDeathTest {

    private static final String LOG = "loading model\nslot 0: processing\n\u001b[31mkilled\u001b[0m\n\n";

    @TempDir
    Path dir;

    private final FakeServices services = new FakeServices();

    private RecordingSink run(String warmup, StudyRunListener listener) throws InterruptedException {
        Study study = load(serverStudy(warmup));
        RecordingSink sink = new RecordingSink(dir);
        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, listener).run();
        return sink;
    }

    /** Kills the fake server when window {@code window} of level {@code level} opens. */
    private StudyRunListener dieAt(int level, int window) {
        return new StudyRunListener() {
            @Override
            public void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
                if (levelIndex == level && windowIndex == window) {
                    services.launcher.log = LOG;
                    services.launcher.alive = false;
                }
            }
        };
    }

    @Test
    void a_level_that_fails_because_the_server_died_says_so_and_the_rest_of_the_group_fails_unrun()
            throws Exception {
        services.traffic.put(1, FakeServices.Traffic.CRASH);

        RecordingSink sink = run(NO_WARMUP, dieAt(1, 1));

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "closed 1 invalid",
                "failed 2", "session closed");
        LevelResult died = sink.levels.get(1);
        assertThat(died.invalidReason())
                .isEqualTo("server exited during level 2 (exit code 137): loading model | slot 0: processing | killed");
        assertThat(died.windows()).as("the closed windows are kept").hasSize(3);
        assertThat(died.outcome()).isNull();
        assertThat(sink.failures).containsExactly("ServerExited: " + died.invalidReason());
        assertThat(sink.closed.getFirst().drainDurationS()).as("a dead server's stop is no drain").isNull();
        assertThat(services.launcher.shutdowns).hasValue(1);
    }

    @Test
    void a_gate_failure_of_a_live_server_is_not_blamed_on_it() throws Exception {
        services.traffic.put(1, FakeServices.Traffic.SPIKE_LAST_WINDOW);

        RecordingSink sink = run(NO_WARMUP, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "closed 1 invalid",
                "started 2", "closed 2 valid", "session closed");
        assertThat(sink.levels.get(1).invalidReason()).contains("coefficient of variation");
    }

    @Test
    void a_server_found_dead_before_a_level_fails_that_cell_and_the_later_ones_without_running_them()
            throws Exception {
        StudyRunListener dieAfterLevel0 = new StudyRunListener() {
            @Override
            public void levelResult(LevelResult result) {
                if (result.levelIndex() == 0) {
                    services.launcher.exitCode = 1;
                    services.launcher.alive = false;
                }
            }
        };

        RecordingSink sink = run(NO_WARMUP, dieAfterLevel0);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "failed 1", "failed 2",
                "session closed");
        assertThat(sink.failures).containsOnly("ServerExited: server exited before level 2 (exit code 1)");
        assertThat(services.launcher.shutdowns).hasValue(1);
    }

    @Test
    void a_warmup_that_fails_because_the_server_died_is_reported_as_the_death() throws Exception {
        services.traffic.put(1, FakeServices.Traffic.WARMUP_DIES);
        StudyRunListener dieInLevel1Warmup = new StudyRunListener() {
            @Override
            public void warmupStarted(int levelIndex, io.joulebench.core.warmup.WarmupMode mode) {
                if (levelIndex == 1) {
                    services.launcher.log = "oom\n";
                    services.launcher.alive = false;
                }
            }
        };

        RecordingSink sink = run("{mode: fixed, duration_seconds: 5}", dieInLevel1Warmup);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "started 1", "failed 1", "failed 2",
                "session closed");
        assertThat(sink.failures).containsOnly(
                "ServerExited: server exited during the warmup before level 2 (exit code 137): oom");
    }

    @Test
    void the_last_log_lines_are_kept_short_on_one_line() {
        String longLine = "x".repeat(1000);

        assertThat(ServerWatch.lastLines("a\nb\nc\nd\n")).isEqualTo("b | c | d");
        assertThat(ServerWatch.lastLines(longLine)).hasSize(ServerWatch.TAIL_CHARS + 1).startsWith("…");
        assertThat(ServerWatch.lastLines("  \n")).isEmpty();
    }
}

package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process launcher against real child processes: {@code joulebench engine} (this JVM's java and class path) for
 * the contract, readiness, SIGTERM→SIGKILL escalation (the {@code ignore-sigterm} fault) and early-exit detection;
 * a small Python HTTP server where it adds what the engine cannot show (a 503-then-200 load in its log, a grandchild
 * in the process group).
 */
class ProcessLauncherIT extends LauncherContract {

    @TempDir
    Path stateDir;

    private ProcessServerLauncher launcher;

    @Override
    protected ServerLauncher launcher() {
        if (launcher == null) {
            launcher = new ProcessServerLauncher(stateDir);
        }
        return launcher;
    }

    /** {@code joulebench engine --port {port}} plus {@code flags}, as the process runner starts it. */
    @Override
    protected LaunchSpec spec() {
        return engine();
    }

    private LaunchSpec engine(String... flags) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "io.joulebench.Main", "engine", "--host", "127.0.0.1", "--port", "{port}"));
        command.addAll(List.of(flags));
        return LaunchSpec.builder(EnginePreset.REFERENCE).command(command).sessionId("process-it")
                .logDir(stateDir.resolve("kept")).build();
    }

    private LaunchSpec python(String... flags) {
        List<String> command = new ArrayList<>(List.of(python(), script().toString(), "--port", "{port}"));
        command.addAll(List.of(flags));
        return LaunchSpec.builder(EnginePreset.CUSTOM).command(command).model("tiny").sessionId("process-it")
                .logDir(stateDir.resolve("kept")).build();
    }

    @Override
    protected void assertNothingLeft(ServerHandle handle) {
        ProcessServerLauncher.ProcessServerHandle h = (ProcessServerLauncher.ProcessServerHandle) handle;
        assertThat(ProcessHandle.of(h.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(PosixSignals.groupExists(h.pid())).as("process group %d", h.pid()).isFalse();
        assertThat(h.pidFile()).doesNotExist();
    }

    @Test
    void a_running_server_is_recorded_in_a_pid_file_logs_to_a_file_and_its_log_is_kept_when_it_stops()
            throws Exception {
        ServerHandle handle = launchTracked(launcher(), spec());
        launcher().awaitReady(handle, probe(), readyTimeout());
        ProcessServerLauncher.ProcessServerHandle h = (ProcessServerLauncher.ProcessServerHandle) handle;

        assertThat(new PidFiles(stateDir).list()).singleElement()
                .satisfies(e -> assertThat(e.server().pid()).isEqualTo(h.pid()));
        assertThat(h.logFile()).startsWith(stateDir.resolve("logs"));
        assertThat(handle.logTail(10_000)).contains("listening on http://127.0.0.1:" + handle.port());

        launcher().shutdown(handle, GRACE);
        assertThat(stateDir.resolve("kept/process-it.log")).content()
                .contains("listening on http://127.0.0.1:" + handle.port());
    }

    @Test
    void readiness_waits_out_a_model_load_delay() throws Exception {
        ServerHandle handle = launchTracked(launcher(), python("--health-delay", "1.5"));
        launcher().awaitReady(handle, ReadinessProbe.forPreset(EnginePreset.CUSTOM, "tiny"), readyTimeout());
        assertThat(handle.logTail(10_000)).contains("\"GET /health HTTP/1.1\" 503").contains("\"GET /health HTTP/1.1\" 200")
                .contains("\"POST /v1/completions HTTP/1.1\" 200");
    }

    @Test
    void an_engine_that_ignores_sigterm_is_killed_after_the_grace_period() throws Exception {
        ServerHandle handle = launchTracked(launcher(), engine("--fault", "ignore-sigterm"));
        launcher().awaitReady(handle, probe(), readyTimeout());
        ProcessServerLauncher.ProcessServerHandle h = (ProcessServerLauncher.ProcessServerHandle) handle;

        long start = System.nanoTime();
        launcher().shutdown(handle, Duration.ofSeconds(1));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(h.wasKilled()).isTrue();
        assertThat(h.exitCode()).hasValue(128 + 9);
        assertThat(tookMillis).isGreaterThanOrEqualTo(500); // SIGKILL only after (at least half) the grace
        assertThat(handle.logTail(10_000)).contains("got SIGTERM, ignoring it");
        assertNothingLeft(handle);
    }

    @Test
    void a_polite_engine_stops_on_sigterm_alone() throws Exception {
        ServerHandle handle = launchTracked(launcher(), spec());
        launcher().awaitReady(handle, probe(), readyTimeout());
        ProcessServerLauncher.ProcessServerHandle h = (ProcessServerLauncher.ProcessServerHandle) handle;

        launcher().shutdown(handle, Duration.ofSeconds(10));

        assertThat(h.wasKilled()).isFalse();
        assertThat(h.exitCode()).hasValue(128 + 15);
        assertNothingLeft(handle);
    }

    @Test
    void the_whole_process_group_goes_with_the_server() throws Exception {
        ServerHandle handle = launchTracked(launcher(), python("--spawn-child"));
        launcher().awaitReady(handle, ReadinessProbe.forPreset(EnginePreset.CUSTOM, "tiny"), readyTimeout());
        Matcher m = Pattern.compile("child pid (\\d+)").matcher(handle.logTail(10_000));
        assertThat(m.find()).isTrue();
        long child = Long.parseLong(m.group(1));
        assertThat(ProcessHandle.of(child)).isPresent();

        launcher().shutdown(handle, Duration.ofSeconds(10));

        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("grandchild").isFalse();
        assertNothingLeft(handle);
    }

    @Test
    void an_engine_that_exits_during_startup_is_reported_at_once_with_the_log_tail() throws Exception {
        ServerHandle handle = launchTracked(launcher(), engine("--profile", "enormous"));
        long start = System.nanoTime();

        ServerLaunchException e = catchThrowableOfType(ServerLaunchException.class,
                () -> launcher().awaitReady(handle, probe(), Duration.ofSeconds(120)));

        assertThat(e.getMessage()).contains("exited during startup").contains("exit code 2");
        assertThat(e.logTail()).contains("unknown profile 'enormous'");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("not at the 120 s deadline")
                .isLessThan(Duration.ofSeconds(60));
        assertThat(stateDir.resolve("kept/process-it.log")).content().contains("unknown profile 'enormous'");
        assertNothingLeft(handle);
    }

    @Test
    void a_command_that_cannot_start_is_a_launch_error_whose_log_says_why() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.CUSTOM).command(List.of("/nonexistent/engine", "{port}"))
                .build();
        AtomicReference<ServerHandle> launched = new AtomicReference<>();
        // setsid exists on Linux, so the spawn itself succeeds and the exit is seen during readiness
        ServerException e = catchThrowableOfType(ServerException.class, () -> {
            launched.set(launchTracked(launcher(), spec));
            launcher().awaitReady(launched.get(), probe(), Duration.ofSeconds(30));
        });

        assertThat(e).isInstanceOf(ServerLaunchException.class);
        assertThat(e.getMessage()).contains("exit code 127");
        assertThat(e.getMessage() + e.logTail()).contains("/nonexistent/engine");
        Path log = ((ProcessServerLauncher.ProcessServerHandle) launched.get()).logFile();
        assertThat(e.getMessage()).as("the message names the log").contains(log.toString());
        assertThat(log).as("the log is kept: it says why").content().contains("/nonexistent/engine");
        assertNothingLeft(launched.get());
    }

    @Test
    void the_reaper_kills_servers_whose_parent_died_and_spares_live_ones() throws Exception {
        ProcessIdentity deadParent = deadProcess();
        ProcessServerLauncher orphanMaker = new ProcessServerLauncher(stateDir, deadParent);
        ServerHandle orphan = launchTracked(orphanMaker, spec());
        ServerHandle ours = launchTracked(launcher(), spec());
        launcher().awaitReady(orphan, probe(), readyTimeout());
        launcher().awaitReady(ours, probe(), readyTimeout());
        long orphanPid = ((ProcessServerLauncher.ProcessServerHandle) orphan).pid();

        List<Reaper.Reaped> reaped = new Reaper(null, new PidFiles(stateDir)).reap(false);

        assertThat(reaped).extracting(Reaper.Reaped::id).containsExactly(Long.toString(orphanPid));
        assertThat(orphan.isAlive()).isFalse();
        assertThat(ours.isAlive()).isTrue();
        assertThat(new PidFiles(stateDir).list()).singleElement()
                .satisfies(e -> assertThat(e.server().pid()).isNotEqualTo(orphanPid));
    }

    static ProcessIdentity deadProcess() throws Exception {
        Process p = new ProcessBuilder("true").start();
        ProcessIdentity identity = ProcessIdentity.of(p.toHandle());
        p.waitFor();
        return identity;
    }

    private static String python() {
        return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    }

    private static Path script() {
        try {
            return Path.of(ProcessLauncherIT.class.getResource("tiny_openai_server.py").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}

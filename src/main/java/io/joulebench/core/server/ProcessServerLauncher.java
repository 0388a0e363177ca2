package io.joulebench.core.server;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the engine as a child process in its own process group ({@code setsid}), stdout+stderr to a log file in the
 * state directory ({@code <state>/logs}), with a pid file there until it is stopped. Shutdown: SIGTERM to the group,
 * SIGKILL after the grace. When it stops (or dies during startup) a masked copy of its log goes to the spec's
 * {@link LaunchSpec#logDir()}.
 */
public final class ProcessServerLauncher implements ServerLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessServerLauncher.class);
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    /** How much of a server's log is kept in the results folder. */
    static final int KEPT_LOG_CHARS = 8 << 20;
    /** How often a wait for a process group to exit looks again. */
    static final Duration POLL = Duration.ofMillis(50);

    private final PidFiles pidFiles;
    private final ProcessIdentity parent;

    public ProcessServerLauncher(Path stateDir) {
        this(stateDir, ProcessIdentity.current());
    }

    /** @param parent the process recorded as the server's parent in its pid file (tests use a dead one) */
    public ProcessServerLauncher(Path stateDir, ProcessIdentity parent) {
        this.pidFiles = new PidFiles(stateDir);
        this.parent = parent;
    }

    @Override
    public ServerHandle launch(LaunchSpec spec) throws ServerLaunchException {
        int port = spec.port() > 0 ? spec.port() : FreePort.pick();
        List<String> command = spec.renderCommand(port);
        if (command.isEmpty()) {
            throw new ServerLaunchException("engine '" + spec.engine().id() + "' has no command template; set one", "");
        }
        String masked = String.join(" ", Secrets.maskArgs(command));
        List<String> argv = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            argv.add(SETSID.toString()); // a JVM child is never a group leader, so setsid execs in place: pgid = pid
        }
        argv.addAll(command);
        Path logDir = pidFiles.dir().resolve("logs");
        Path log = logDir.resolve("joulebench-" + spec.engine().id() + "-server-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
        builder.environment().putAll(spec.env());
        if (!spec.gpus().isNone() && !spec.gpus().all()) {
            builder.environment().put("CUDA_VISIBLE_DEVICES", spec.gpus().render());
        }
        Process process;
        try {
            Files.createDirectories(logDir);
            process = builder.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // the spawn error below is what matters
            }
            throw new ServerLaunchException("could not start '" + masked + "': " + e.getMessage(), "", e);
        }
        Path pidFile = pidFiles.write(ProcessIdentity.of(process.toHandle()), parent, spec, masked, log);
        LOG.info("started server pid {} on port {}: {} (log {})", process.pid(), port, masked, log);
        return new ProcessServerHandle(process, port, log, pidFile, masked, spec);
    }

    @Override
    public ServerLaunchException diedDuringStartup(ServerHandle handle) {
        ProcessServerHandle h = (ProcessServerHandle) handle;
        waitQuietly(h.process, Duration.ofSeconds(1));
        pidFiles.remove(h.pidFile);
        h.closed.set(true);
        h.keepLog();
        return new ServerLaunchException("server process '" + h.command + "' (pid " + h.process.pid()
                + ") exited during startup with exit code " + h.exitCode().orElse(-1) + "; log: " + h.log,
                h.logTail(ReadinessChecker.LOG_TAIL_CHARS));
    }

    @Override
    public void shutdown(ServerHandle handle, Duration grace) {
        // an interrupted caller (SIGINT) still gives the server its grace period; the flag is restored at the end
        Teardown.once(handle, ProcessServerHandle.class, h -> h.closed, h -> {
            try {
                long pgid = h.process.pid();
                boolean escalated = false;
                if (PosixSignals.signalGroup(pgid, PosixSignals.SIGTERM) || h.process.isAlive()) {
                    h.process.toHandle().destroy(); // covers a leader that is not a group leader
                    Clock.system().awaitCondition(() -> !h.process.isAlive() && !PosixSignals.groupExists(pgid), grace,
                            POLL);
                    if (h.process.isAlive() || PosixSignals.groupExists(pgid)) {
                        escalated = true;
                        LOG.warn("server pid {} ignored SIGTERM for {} ms; sending SIGKILL", pgid, grace.toMillis());
                        PosixSignals.signalGroup(pgid, PosixSignals.SIGKILL);
                        h.process.toHandle().destroyForcibly();
                        waitQuietly(h.process, Duration.ofSeconds(5));
                    }
                }
                h.escalated = escalated;
                LOG.info("server pid {} stopped{} (exit code {})", pgid, escalated ? " by SIGKILL" : "",
                        h.exitCode().orElse(-1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                h.process.toHandle().destroyForcibly();
                PosixSignals.signalGroup(h.process.pid(), PosixSignals.SIGKILL);
            } catch (RuntimeException | LinkageError e) {
                LOG.error("stopping server pid {} failed: {}", h.process.pid(), e.toString());
                h.process.destroyForcibly();
            } finally {
                if (!h.process.isAlive()) {
                    pidFiles.remove(h.pidFile);
                }
                h.keepLog();
            }
        });
    }

    private static void waitQuietly(Process process, Duration timeout) {
        try {
            process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A server child process; exposes its pid, log file and exit code for diagnostics. */
    public static final class ProcessServerHandle implements ServerHandle {
        private final Process process;
        private final int port;
        private final Path log;
        private final Path pidFile;
        private final String command;
        private final LaunchSpec spec;
        private final AtomicBoolean closed = new AtomicBoolean();
        private volatile boolean escalated;

        ProcessServerHandle(Process process, int port, Path log, Path pidFile, String command, LaunchSpec spec) {
            this.process = process;
            this.port = port;
            this.log = log;
            this.pidFile = pidFile;
            this.command = command;
            this.spec = spec;
        }

        /** A masked copy of the whole log into the spec's log folder (bounded: the last 8 MiB). */
        private void keepLog() {
            if (spec.logDir() != null) {
                ServerLogs.save(spec, "server-" + port, LogFiles.tail(log, KEPT_LOG_CHARS));
            }
        }

        @Override
        public int port() {
            return port;
        }

        @Override
        public String describe() {
            return "pid " + process.pid() + " (" + command + ")";
        }

        @Override
        public String logTail(int chars) {
            return spec.mask(LogFiles.tail(log, chars));
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public java.util.OptionalLong hostPid() {
            return java.util.OptionalLong.of(pid());
        }

        public long pid() {
            return process.pid();
        }

        public Path logFile() {
            return log;
        }

        public Path pidFile() {
            return pidFile;
        }

        /** Empty while running; 128+n when killed by signal n. */
        @Override
        public OptionalInt exitCode() {
            return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
        }

        /** True when the last shutdown had to send SIGKILL. */
        public boolean wasKilled() {
            return escalated;
        }

        @Override
        public String toString() {
            return describe();
        }
    }
}

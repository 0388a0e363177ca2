package io.joulebench.core.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which process is running a results folder right now: {@value #FILE_NAME} in the folder, written when a
 * {@code joulebench run} or {@code resume} (the CLI, which stops on SIGINT with the interrupt semantics) starts
 * on it and removed when it ends. A follower that wants to cancel the run sends that process SIGINT. The pid is
 * checked against the process's start time, so a reused pid of a run killed with SIGKILL is never signalled.
 * The one owner of the file's name and format.
 */
public final class RunProcess implements AutoCloseable {

    public static final String FILE_NAME = "run.pid";
    private static final Logger LOG = LoggerFactory.getLogger(RunProcess.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    private RunProcess(Path file) {
        this.file = file;
    }

    /** Records this process as the one running {@code resultsDir}; close removes the record. */
    public static RunProcess claim(Path resultsDir) throws IOException {
        ProcessHandle self = ProcessHandle.current();
        ObjectNode n = JSON.createObjectNode();
        n.put("pid", self.pid());
        self.info().startInstant().ifPresent(t -> n.put("start", t.toEpochMilli()));
        Path file = resultsDir.resolve(FILE_NAME);
        Path tmp = resultsDir.resolve(".tmp-" + FILE_NAME);
        Files.writeString(tmp, JSON.writeValueAsString(n) + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new RunProcess(file);
    }

    /** The live process recorded as running {@code resultsDir}; empty when none (or it has died). */
    public static Optional<ProcessHandle> find(Path resultsDir) {
        Path file = resultsDir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode n = JSON.readTree(file.toFile());
            Optional<ProcessHandle> p = ProcessHandle.of(n.path("pid").asLong(-1)).filter(ProcessHandle::isAlive);
            if (p.isPresent() && n.has("start")) {
                Optional<Instant> started = p.get().info().startInstant();
                // the same process started within a second of the recorded start (the clock's resolution)
                if (started.isPresent() && Math.abs(started.get().toEpochMilli() - n.get("start").asLong()) > 1000) {
                    return Optional.empty();
                }
            }
            return p;
        } catch (IOException | RuntimeException e) {
            LOG.debug("{} not readable", file, e);
            return Optional.empty();
        }
    }

    /**
     * Sends SIGINT to the process recorded as running {@code resultsDir} (its interrupt: what closed is credited,
     * the rest left for resume). A process that ignores SIGINT — one started in the background of a
     * non-interactive shell, where the JVM then installs no handler for it — gets SIGTERM, which the CLI handles
     * the same way (its shutdown hook interrupts the run and waits for the teardown).
     *
     * @return whether a live process was found and signalled
     */
    public static boolean interrupt(Path resultsDir) throws IOException {
        Optional<ProcessHandle> p = find(resultsDir);
        if (p.isEmpty()) {
            return false;
        }
        String signal = ignoresSigint(p.get().pid()) ? "-TERM" : "-INT";
        Process kill = new ProcessBuilder("kill", signal, Long.toString(p.get().pid()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            return kill.waitFor() == 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while signalling process " + p.get().pid());
        }
    }

    /** Whether the process ignores SIGINT (Linux: bit 2 of SigIgn in /proc/PID/status); false when not known. */
    static boolean ignoresSigint(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 1)) != 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("{} not readable", status, e);
        }
        return false;
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("{} not removed", file, e);
        }
    }
}

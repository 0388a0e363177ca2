package io.joulebench.core.server;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Pid files of server processes we started, one per process, so {@link Reaper} can find orphans after a crash. */
public final class PidFiles {

    /** One recorded server process. {@code command} is already masked. */
    public record Entry(Path file, ProcessIdentity server, ProcessIdentity parent, String engine, String studyId,
                        String sessionId, String command, Path log) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(PidFiles.class);
    private final Path dir;

    public PidFiles(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path write(ProcessIdentity server, ProcessIdentity parent, LaunchSpec spec, String maskedCommand, Path log) {
        Properties p = new Properties();
        p.setProperty("pid", Long.toString(server.pid()));
        p.setProperty("start", Long.toString(server.startMillis()));
        p.setProperty("parent_pid", Long.toString(parent.pid()));
        p.setProperty("parent_start", Long.toString(parent.startMillis()));
        p.setProperty("engine", spec.engine().id());
        p.setProperty("study_id", spec.studyId() == null ? "" : spec.studyId());
        p.setProperty("session_id", spec.sessionId() == null ? "" : spec.sessionId());
        p.setProperty("command", maskedCommand);
        p.setProperty("log", log == null ? "" : log.toString());
        Path file = dir.resolve("server-" + server.pid() + ".pid");
        try {
            Files.createDirectories(dir);
            try (Writer w = Files.newBufferedWriter(file)) {
                p.store(w, "joulebench server process");
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write pid file " + file, e);
        }
    }

    public List<Entry> list() {
        List<Entry> entries = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return entries;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "server-*.pid")) {
            for (Path file : files) {
                try (Reader r = Files.newBufferedReader(file)) {
                    Properties p = new Properties();
                    p.load(r);
                    String log = p.getProperty("log", "");
                    entries.add(new Entry(file,
                            new ProcessIdentity(Long.parseLong(p.getProperty("pid")), number(p, "start")),
                            new ProcessIdentity(Long.parseLong(p.getProperty("parent_pid")), number(p, "parent_start")),
                            p.getProperty("engine", ""), p.getProperty("study_id", ""),
                            p.getProperty("session_id", ""), p.getProperty("command", ""),
                            log.isEmpty() ? null : Path.of(log)));
                } catch (IOException | RuntimeException e) {
                    LOG.warn("ignoring unreadable pid file {}: {}", file, e.getMessage());
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot list pid files in {}: {}", dir, e.getMessage());
        }
        return entries;
    }

    public void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("cannot remove pid file {}: {}", file, e.getMessage());
        }
    }

    private static long number(Properties p, String key) {
        String v = p.getProperty(key, "0");
        return v.isBlank() ? 0 : Long.parseLong(v);
    }
}

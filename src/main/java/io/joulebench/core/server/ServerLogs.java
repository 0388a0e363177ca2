package io.joulebench.core.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a server's log where its spec asks ({@link LaunchSpec#logDir()}): the whole text, secrets masked, as
 * {@code <session id>.log}. Written when the server stops and when it is found dead during startup, so a crash log
 * survives the container's removal. Never throws: a log that cannot be kept costs a warning, not the run.
 */
final class ServerLogs {

    private static final Logger LOG = LoggerFactory.getLogger(ServerLogs.class);

    private ServerLogs() {
    }

    /** Writes {@code text}, masked, to {@code <logDir>/<spec.logName(fallbackName)>.log}; no-op without a logDir. */
    static void save(LaunchSpec spec, String fallbackName, String text) {
        if (spec.logDir() == null || text == null) {
            return;
        }
        Path file = spec.logDir().resolve(spec.logName(fallbackName) + ".log");
        try {
            Files.createDirectories(spec.logDir());
            Files.writeString(file, spec.mask(text));
            LOG.debug("server log kept in {}", file);
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not keep the server log in {}: {}", file, e.toString());
        }
    }
}

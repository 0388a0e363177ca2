package io.joulebench.core.session;

import io.joulebench.core.server.ReadinessChecker;
import io.joulebench.core.server.ServerHandle;
import java.util.List;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a ready server for death between and after levels: once it is gone, a level's failure reads as what it is
 * ("server exited during level 1 (exit code 137): …last log lines…") instead of the meter error, gate failure or
 * warmup error it caused, and the session stops running levels against it.
 */
final class ServerWatch {

    private static final Logger LOG = LoggerFactory.getLogger(ServerWatch.class);
    static final int TAIL_LINES = 3;
    static final int TAIL_CHARS = 400;

    private final ServerHandle handle;
    private volatile boolean died;

    ServerWatch(ServerHandle handle) {
        this.handle = handle;
    }

    /** Null while the server lives; else the reason, e.g. "server exited during level 1 (exit code 137): …". */
    String deathReason(String when) {
        boolean alive;
        try {
            alive = handle.isAlive();
        } catch (RuntimeException e) {
            LOG.warn("cannot check whether {} lives: {}", handle.describe(), e.toString());
            return null;
        }
        if (alive) {
            return null;
        }
        died = true;
        OptionalInt code = handle.exitCode();
        String tail = lastLines(handle.logTail(ReadinessChecker.LOG_TAIL_CHARS));
        return "server exited " + when + (code.isPresent() ? " (exit code " + code.getAsInt() + ")" : "")
                + (tail.isEmpty() ? "" : ": " + tail);
    }

    /** True once {@link #deathReason} found the server dead: the session's exit is not clean. */
    boolean died() {
        return died;
    }

    /** The last {@value #TAIL_LINES} non-blank lines of a log on one line ({@code " | "}), without terminal colours. */
    static String lastLines(String log) {
        if (log == null || log.isBlank()) {
            return "";
        }
        List<String> lines = log.replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", "").lines().map(String::strip)
                .filter(l -> !l.isEmpty()).toList();
        String joined = String.join(" | ", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
        return joined.length() <= TAIL_CHARS ? joined : "…" + joined.substring(joined.length() - TAIL_CHARS);
    }
}

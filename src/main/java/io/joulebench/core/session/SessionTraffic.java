package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.SessionGrouping;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.window.TrafficSourceFactory;
import io.joulebench.core.traffic.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How the levels of a session make and send their requests: the ready server's transport, the prompts of each
 * distinct prompt setting among its cells ({@link SessionGrouping#promptKey}: one for a launched server's session,
 * possibly several for an attached one's), the study's folder (for traces and datasets named relative to it), and
 * how long a level waits for its last requests.
 */
record SessionTraffic(Transport transport, Map<String, Prompts> prompts, Prompts first, Path studyDir,
                      Duration drainTimeout, SessionServices services) {

    /** The fitted prompt shapes of one prompt setting, and the trace's exact-length prompts, for replays. */
    record Prompts(ShapeSource shapes, TracePrompts tracePrompts) {
    }

    SessionTraffic {
        prompts = Map.copyOf(prompts);
    }

    /** The first cell's prompt shapes (an offline session has one cell). */
    ShapeSource shapes() {
        return first.shapes();
    }

    /** The arrivals of {@code cell}'s level, or of its warmup, with the prompts of the cell's own settings. */
    TrafficSourceFactory source(ResolvedCell cell, boolean warmup) {
        Prompts p = prompts.getOrDefault(SessionGrouping.promptKey(cell.config()), first);
        return services.traffic(cell, p.shapes(), p.tracePrompts(), studyDir, warmup);
    }

    /** The cell's request rate (a trace's own rate when it replays one). */
    double rate(ResolvedCell cell) {
        return LevelTraffic.rate(cell, studyDir);
    }
}

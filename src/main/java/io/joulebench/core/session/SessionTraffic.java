package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.window.TrafficSourceFactory;
import io.joulebench.core.traffic.Transport;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How the levels of a session make and send their requests: the ready server's transport, the fitted prompt shapes
 * (and the trace's exact-length prompts, for replays),
 * the study's folder (for traces and datasets named relative to it), and how long a level waits for its last
 * requests.
 */
record SessionTraffic(Transport transport, ShapeSource shapes, TracePrompts tracePrompts, Path studyDir,
                      Duration drainTimeout, SessionServices services) {

    /** The arrivals of {@code cell}'s level, or of its warmup. */
    TrafficSourceFactory source(ResolvedCell cell, boolean warmup) {
        return services.traffic(cell, shapes, tracePrompts, studyDir, warmup);
    }

    /** The cell's request rate (a trace's own rate when it replays one). */
    double rate(ResolvedCell cell) {
        return LevelTraffic.rate(cell, studyDir);
    }
}

package io.joulebench.core.window;

import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TrafficSource;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one level of 1,000,000 requests on the system clock through {@link WindowManager#runLevel}, with a fast
 * fake source that reports each request to the manager's listener as it "completes" (4 tokens each), and prints
 * the heap figures. Started by {@link WindowManagerMemoryBench} in a JVM limited to -Xmx512m.
 */
public final class MillionRequestLevel {

    static final int REQUESTS = 1_000_000;

    private MillionRequestLevel() {
    }

    public static void main(String[] args) throws Exception {
        Clock clock = Clock.system();
        WindowSpec spec = WindowSpec.builder().rate(REQUESTS / 6.5).rampExclusionSeconds(0.5).durationSeconds(2)
                .build();
        TrafficSourceFactory factory = (listener, horizon) -> paced(clock, listener, horizon);
        LevelOutcome outcome = new WindowManager(clock).runLevel(0, LevelPlan.builder(spec, factory,
                r -> CompletionResult.EMPTY, () -> new FakeBracket.Factory(clock, 300).get()).build());
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long windowTokens = outcome.windows().stream().mapToLong(WindowRecord::tokens).sum();
        long inWindow = outcome.windows().stream().mapToLong(w -> w.metrics().inWindowCount()).sum();
        System.out.printf(Locale.ROOT, "RESULT issued=%d in_window=%d window_tokens=%d max_heap_mb=%d "
                        + "peak_heap_mb=%.1f used_after_gc_mb=%.1f exact=%s%n", outcome.issuer().issuedCount(),
                inWindow, windowTokens, rt.maxMemory() >> 20, peak / 1048576.0,
                (rt.totalMemory() - rt.freeMemory()) / 1048576.0, outcome.windows().getFirst().metrics().ttft()
                        .exact());
    }

    /** Issues request i at origin + i·horizon/N and reports it done at once, with receipts no later than now. */
    private static TrafficSource paced(Clock clock, RequestListener listener, double horizonSeconds) {
        return (transport, drain) -> {
            long origin = clock.nanoTime();
            double gap = horizonSeconds * 1e9 / REQUESTS;
            for (int i = 0; i < REQUESTS; i++) {
                long issued = origin + Math.round(i * gap);
                long now = clock.nanoTime();
                if (now < issued) {
                    LockSupport.parkNanos(issued - now);
                    now = Math.max(clock.nanoTime(), issued);
                }
                long step = Math.max(1, (now - issued) / 4);
                long[] tokens = {issued + step, issued + 2 * step, issued + 3 * step, now};
                listener.onTerminal(new RequestRecord(i, issued, issued, now, RequestStatus.OK, null,
                        new CompletionResult(null, tokens, 12, 4, "length")));
            }
            return new IssuerReport(REQUESTS, REQUESTS, 0, 0, clock.nanoTime() - origin, null, 0,
                    IssuerReport.LatencySummary.EMPTY, List.of());
        };
    }
}

package io.joulebench.core.window;

import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.TrafficSource;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * Runs one level of 1,000,000 requests (50,000 req/s for 20 s) on the system clock through
 * {@link WindowManager#runLevel} with the real open-loop issuer and a fast fake transport, and prints the heap figures. Started by {@link WindowManagerMemoryBench} in a JVM limited to -Xmx512m.
 */
public final class MillionRequestLevel {

    static final int REQUESTS = 1_000_000;

    private MillionRequestLevel() {
    }

    public static void main(String[] args) throws Exception {
        Clock clock = Clock.system();
        WindowSpec spec = WindowSpec.builder().rate(REQUESTS / 20.0).rampExclusionSeconds(1).durationSeconds(19.0 / 3)
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

    /**
     * The shipped {@link OpenLoopSource} (constant arrivals, records not retained) over a fast fake transport that
     * streams 4 tokens stamped on the shared clock, so the level exercises the real issue → listener → aggregate path.
     */
    private static TrafficSource paced(Clock clock, RequestListener listener, double horizonSeconds) {
        ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.ofCount(REQUESTS / horizonSeconds,
                ArrivalProcess.CONSTANT, 1.0, 1L, REQUESTS));
        Transport fast = request -> {
            long t = clock.nanoTime();
            return new CompletionResult(null, new long[] {t, t + 1_000, t + 2_000, t + 3_000}, 12, 4, "length");
        };
        TrafficSource source = OpenLoopSource.builder().schedule(schedule).clock(clock).listener(listener)
                .shapes(i -> new RequestShape(i, java.util.Map.of())).retainRecords(false).build();
        return (transport, drain) -> source.run(fast, drain);
    }
}

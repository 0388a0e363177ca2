package io.joulebench.core.window;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Watches the measuring client's own load during a level (issue 34): a daemon probe thread that asks to wake every
 * {@value #PROBE_PERIOD_NANOS} ns and records how late it woke, the JVM's GC pause time and the process's CPU time.
 * A chunk that arrives on a socket while the client's threads are descheduled, stopped by a GC pause or queued behind
 * other work waits about as long as the probe does, so the probe's lateness is the client's receipt lag where the
 * server sends no {@code t_send_ns}. Includes the timer slack of a parked thread (tens of µs on Linux).
 *
 * <p>{@link #mark()} at a window's start and {@link #since(Mark)} at its end give the window's {@link ClientLoad}.
 * Thread-safe.
 */
public final class ClientMonitor implements AutoCloseable {

    static final long PROBE_PERIOD_NANOS = 1_000_000;
    private static final long MAX_TRACKED_NANOS = 60_000_000_000L;

    private final ConcurrentHistogram lateness = new ConcurrentHistogram(MAX_TRACKED_NANOS, 2);
    private final List<GarbageCollectorMXBean> collectors = pauseCollectors();
    private final Thread probe;
    private volatile boolean closed;

    private ClientMonitor(String name, boolean withProbe) {
        probe = withProbe ? Thread.ofPlatform().daemon().name(name).unstarted(this::probeLoop) : null;
    }

    /** A started monitor whose probe thread is named {@code name}. */
    public static ClientMonitor start(String name) {
        ClientMonitor m = new ClientMonitor(name, true);
        m.probe.start();
        return m;
    }

    /** A monitor without a probe thread: lateness only from {@link #recordLateness} (tests inject their lag). */
    static ClientMonitor withoutProbe() {
        return new ClientMonitor("unused", false);
    }

    /** The client's state at one instant; compare a later one with {@link #since}. */
    public record Mark(long wallNanos, long cpuNanos, long gcMillis, Histogram lateness) {
    }

    public Mark mark() {
        return new Mark(System.nanoTime(), processCpuNanos(), gcMillis(), lateness.copy());
    }

    /** The client's load from {@code start} to now. */
    public ClientLoad since(Mark start) {
        Mark end = mark();
        Histogram window = end.lateness();
        window.subtract(start.lateness());
        Double lagP99 = window.getTotalCount() == 0 ? null : window.getValueAtPercentile(99) / 1e6;
        long wall = end.wallNanos() - start.wallNanos();
        Double cpu = start.cpuNanos() < 0 || end.cpuNanos() < 0 || wall <= 0 ? null
                : Math.min(1.0, (double) (end.cpuNanos() - start.cpuNanos())
                        / ((double) wall * Runtime.getRuntime().availableProcessors()));
        return new ClientLoad(lagP99, Math.max(0, end.gcMillis() - start.gcMillis()), cpu);
    }

    /**
     * Records one lateness of the client's probe (the probe thread; tests that inject a lag). A stall of {@code L} also
     * stands for the wakes it swallowed, {@code L − period}, {@code L − 2·period}…: what chunks arriving evenly during
     * the stall would have waited (HdrHistogram's correction for coordinated omission), so a rare long GC pause is
     * weighted by its length, not counted once.
     */
    void recordLateness(long nanos) {
        lateness.recordValueWithExpectedInterval(Math.min(MAX_TRACKED_NANOS, Math.max(0, nanos)), PROBE_PERIOD_NANOS);
    }

    private void probeLoop() {
        long due = System.nanoTime() + PROBE_PERIOD_NANOS;
        while (!closed) {
            LockSupport.parkNanos(due - System.nanoTime());
            long woke = System.nanoTime();
            if (woke < due) {
                continue; // a spurious early return: not a lateness
            }
            recordLateness(woke - due);
            due = woke + PROBE_PERIOD_NANOS;
        }
    }

    @Override
    public void close() {
        closed = true;
        if (probe != null) {
            LockSupport.unpark(probe);
        }
    }

    /** The beans that count stop-the-world pauses: concurrent-cycle beans (G1 Concurrent GC, ZGC Cycles) are not. */
    private static List<GarbageCollectorMXBean> pauseCollectors() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(b -> !b.getName().contains("Concurrent") && !b.getName().endsWith("Cycles"))
                .toList();
    }

    private long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean b : collectors) {
            sum += Math.max(0, b.getCollectionTime());
        }
        return sum;
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}

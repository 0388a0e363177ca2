package io.joulebench.core.traffic;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Direct buffers for {@link NioStreamingTransport}'s request bytes (issue 34): a request is copied into one when it is
 * prepared, before its instant, so the pacer's {@code write(2)} reads it in place. From a heap buffer the JDK would
 * first copy the whole request into a temporary direct buffer inside the write ({@code sun.nio.ch.IOUtil}), on the
 * pacer thread. {@code allocateDirect} is costly and its memory is freed only when the buffer is collected, so buffers
 * are reused: free ones wait in size classes (powers of two, {@value #MIN_CAPACITY} B to {@value #MAX_CAPACITY} B),
 * and the direct bytes this pool has made (lent or free) stay under a bound. Past the bound a free buffer of another
 * class is dropped to make room, and if none is free the request gets a heap buffer (the JDK's copy, as before)
 * rather than waiting or failing; so does a request larger than the largest class. Safe from any thread.
 */
final class NioRequestBuffers {

    static final int MIN_CAPACITY = 4 * 1024;
    static final int MAX_CAPACITY = 4 * 1024 * 1024;
    /** Direct bytes one transport may hold: 2,048 in flight of a 4,000-token prompt's 32 KiB class. */
    static final long DEFAULT_LIMIT = 64L * 1024 * 1024;
    /**
     * System property that overrides {@link #DEFAULT_LIMIT} for transports made after it is set; 0 lends only heap
     * buffers, the path before issue 34, which {@code LargeBodyWriteBenchmark} measures beside this one.
     */
    static final String LIMIT_PROPERTY = "joulebench.nio.directRequestBytes";
    private static final int SHIFT = Integer.numberOfTrailingZeros(MIN_CAPACITY);
    private static final int CLASSES = Integer.numberOfTrailingZeros(MAX_CAPACITY) - SHIFT + 1;

    private final long limit;
    private final ConcurrentLinkedQueue<ByteBuffer>[] free;
    /** Capacity of the direct buffers this pool made that it has not dropped (lent or free). */
    private final AtomicLong made = new AtomicLong();

    @SuppressWarnings("unchecked")
    NioRequestBuffers(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0 (got " + limit + ")");
        }
        this.limit = limit;
        this.free = new ConcurrentLinkedQueue[CLASSES];
        for (int c = 0; c < CLASSES; c++) {
            free[c] = new ConcurrentLinkedQueue<>();
        }
    }

    /**
     * A pool bounded by {@link #LIMIT_PROPERTY}, else {@link #DEFAULT_LIMIT}, and by a quarter of the JVM's direct
     * memory: past that limit {@code allocateDirect} would call {@code System.gc()} and wait, on the pacer thread.
     */
    static NioRequestBuffers configured() {
        return bounded(Long.getLong(LIMIT_PROPERTY, DEFAULT_LIMIT));
    }

    /** A pool of at most {@code wanted} direct bytes and a quarter of the JVM's direct memory. */
    static NioRequestBuffers bounded(long wanted) {
        return new NioRequestBuffers(Math.min(Math.max(0, wanted), maxDirectMemory() / 4));
    }

    /** -XX:MaxDirectMemorySize, or the heap's maximum, which is its default. */
    private static long maxDirectMemory() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            long set = Long.parseLong(hotspot.getVMOption("MaxDirectMemorySize").getValue());
            if (set > 0) {
                return set;
            }
        } catch (RuntimeException e) {
            // not a HotSpot VM: its default below
        }
        return Runtime.getRuntime().maxMemory();
    }

    /** A cleared buffer of at least {@code size} bytes: direct, unless past the bound or the largest class. */
    ByteBuffer take(int size) {
        int c = sizeClass(size);
        if (c >= CLASSES) {
            return ByteBuffer.allocate(size);
        }
        ByteBuffer buffer = free[c].poll();
        if (buffer != null) {
            return buffer.clear();
        }
        int capacity = MIN_CAPACITY << c;
        return reserve(capacity) ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(size);
    }

    /** Takes {@code head} then {@code body} into one buffer, ready to write. */
    ByteBuffer copy(byte[] head, byte[] body) {
        return take(head.length + body.length).put(head).put(body).flip();
    }

    /** Back for reuse; a heap buffer is left to the collector. The caller no longer touches it. */
    void give(ByteBuffer buffer) {
        if (buffer.isDirect()) {
            free[sizeClass(buffer.capacity())].offer(buffer.clear());
        }
    }

    /** The most direct bytes it makes. */
    long limit() {
        return limit;
    }

    /** Direct bytes made and not dropped, lent or free. */
    long directBytes() {
        return made.get();
    }

    private boolean reserve(int capacity) {
        while (true) {
            long now = made.get();
            if (now + capacity <= limit) {
                if (made.compareAndSet(now, now + capacity)) {
                    return true;
                }
            } else if (!dropOne()) {
                return false;
            }
        }
    }

    /** Drops one free buffer (the largest first) to the collector, which frees its memory. */
    private boolean dropOne() {
        for (int c = CLASSES - 1; c >= 0; c--) {
            ByteBuffer b = free[c].poll();
            if (b != null) {
                made.addAndGet(-b.capacity());
                return true;
            }
        }
        return false;
    }

    /** The class whose capacity is the smallest power of two ≥ {@code size} (and ≥ the minimum). */
    static int sizeClass(int size) {
        if (size <= MIN_CAPACITY) {
            return 0;
        }
        return 32 - Integer.numberOfLeadingZeros(size - 1) - SHIFT;
    }
}

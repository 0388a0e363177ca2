package io.joulebench.core.traffic;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** Transports for issuer tests; none touches the network. */
final class FakeTransports {

    private FakeTransports() {
    }

    static final ShapeSource SHAPES = index -> new RequestShape(index, Map.of("prompt", "p" + index));

    static CompletionResult tokens(long... times) {
        return new CompletionResult("x".repeat(times.length), times, 3, times.length, "length");
    }

    static Transport instant() {
        return request -> tokens(1L);
    }

    static Transport sleeping(Duration d) {
        return request -> {
            Thread.sleep(d);
            return tokens(1L);
        };
    }

    /** Blocks until interrupted, counting the interrupts it saw. */
    static Transport neverReturning(AtomicInteger interrupted) {
        return request -> {
            try {
                new CountDownLatch(1).await();
                throw new AssertionError("unreachable");
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
                throw e;
            }
        };
    }

    static Transport failingEvenIndexes() {
        return request -> {
            if (request.index() % 2 == 0) {
                throw new TransportException("boom " + request.index(), tokens(7L, 8L));
            }
            return tokens(1L);
        };
    }
}

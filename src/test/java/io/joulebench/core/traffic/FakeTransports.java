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

    /**
     * {@code inner} driven through the {@link ScheduledTransport} seam: the write starts its send on a virtual thread
     * and returns, the outcome goes to the callback, and a cancel interrupts that thread.
     */
    static ScheduledTransport scheduled(Transport inner) {
        return new ScheduledTransport() {
            @Override
            public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
                return inner.send(request);
            }

            @Override
            public Prepared prepare(RequestShape request) {
                return new Prepared() {
                    private volatile Thread thread;

                    @Override
                    public long write(Callback callback) {
                        thread = Thread.ofVirtual().start(() -> {
                            try {
                                callback.completed(inner.send(request));
                            } catch (TransportException e) {
                                callback.failed(e);
                            } catch (InterruptedException e) {
                                callback.failed(new TransportException("cancelled", CompletionResult.EMPTY));
                            } catch (RuntimeException e) {
                                callback.failed(new TransportException(e.toString(), CompletionResult.EMPTY));
                            }
                        });
                        return System.nanoTime();
                    }

                    @Override
                    public void cancel() {
                        Thread t = thread;
                        if (t != null) {
                            t.interrupt();
                        }
                    }
                };
            }
        };
    }
}

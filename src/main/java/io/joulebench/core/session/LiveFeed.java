package io.joulebench.core.session;

import io.joulebench.core.Threads;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduledTransport;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.traffic.TransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Feeds the live view: power samples collected from the session meter and the number of requests in flight, handed to
 * the listener in batches every {@link #PERIOD} from a daemon thread (never per sample, never on the measuring
 * thread). Paced by wall time, not the session clock: it only observes.
 */
final class LiveFeed implements AutoCloseable {

    static final Duration PERIOD = Duration.ofMillis(250);

    private final StudyRunListener listener;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final List<PowerSample> pending = new ArrayList<>();
    private final Thread thread;
    private int lastInFlight = -1;

    LiveFeed(StudyRunListener listener, String sessionId) {
        this.listener = listener;
        this.thread = Thread.ofPlatform().daemon().name("joulebench-live-" + sessionId).unstarted(this::loop);
    }

    void start() {
        thread.start();
    }

    /** Collects samples (called by the meter's readers, any thread). */
    void samples(List<PowerSample> samples) {
        synchronized (pending) {
            pending.addAll(samples);
        }
    }

    /**
     * Wraps the transport so every request in flight is counted; a {@link ScheduledTransport} stays one, so the issuer
     * still writes on schedule from its pacer (a request counts from its write to its outcome).
     */
    Transport counting(Transport transport) {
        if (transport instanceof ScheduledTransport scheduled) {
            return new CountingScheduled(scheduled);
        }
        return request -> {
            inFlight.incrementAndGet();
            try {
                return transport.send(request);
            } finally {
                inFlight.decrementAndGet();
            }
        };
    }

    private final class CountingScheduled implements ScheduledTransport {
        private final ScheduledTransport inner;

        CountingScheduled(ScheduledTransport inner) {
            this.inner = inner;
        }

        @Override
        public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
            inFlight.incrementAndGet();
            try {
                return inner.send(request);
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public Prepared prepare(RequestShape request) throws TransportException {
            Prepared prepared = inner.prepare(request);
            return new Prepared() {
                @Override
                public long write(Callback callback) {
                    inFlight.incrementAndGet();
                    return prepared.write(new Callback() {
                        @Override
                        public void completed(CompletionResult result) {
                            inFlight.decrementAndGet();
                            callback.completed(result);
                        }

                        @Override
                        public void failed(TransportException failure) {
                            inFlight.decrementAndGet();
                            callback.failed(failure);
                        }
                    });
                }

                @Override
                public void cancel() {
                    prepared.cancel();
                }
            };
        }
    }

    private void loop() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(PERIOD);
                flush();
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** Hands over what was collected; a failing listener is ignored. */
    void flush() {
        List<PowerSample> batch;
        synchronized (pending) {
            batch = List.copyOf(pending);
            pending.clear();
        }
        try {
            if (!batch.isEmpty()) {
                listener.powerSampled(batch);
            }
            int now = inFlight.get();
            if (now != lastInFlight) {
                lastInFlight = now;
                listener.inFlight(now);
            }
        } catch (RuntimeException e) {
            // the view is an observer; it never breaks a measurement
        }
    }

    @Override
    public void close() {
        if (thread.getState() == Thread.State.NEW) {
            flush();
            return;
        }
        Threads.interruptAndJoin(thread, Duration.ofSeconds(2));
        if (!thread.isAlive()) {
            flush();
        }
    }
}

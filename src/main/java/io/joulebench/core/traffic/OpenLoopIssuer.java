package io.joulebench.core.traffic;

import io.joulebench.core.Threads;
import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open-loop issue loop shared by every schedule-driven source. A dedicated platform pacer thread (real-time where
 * the process may: {@link PacerPriority}) waits for each scheduled instant, stamps {@code issuedAt} = that instant and
 * hands the request to its own virtual thread without waiting. The optional cap gates only dispatch. Only in-flight
 * requests are held; terminal ones are folded into an {@link IssuerAggregate}, streamed to the listener, and kept only
 * when asked to.
 *
 * <p>Without a cap, a {@link ScheduledTransport} is driven from the pacer itself: requests are encoded a few ahead on
 * another thread ({@link EncodeAhead}), the next one is prepared before its instant and written at the instant on the
 * pacer thread ({@code writtenAt} stamps the write's return), and its outcome arrives by callback into the same
 * terminal path. Cancelling asks the transport to give up instead of interrupting a thread.
 */
final class OpenLoopIssuer {

    private static final Logger LOG = LoggerFactory.getLogger(OpenLoopIssuer.class);
    /** How long cancelled requests get to unwind (and hand back their partial result) before being written off. */
    static final long CANCEL_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** Settings shared by the sources. */
    record Options(Clock clock, Integer concurrencyCap, RequestListener listener, boolean retainRecords) {

        Options {
            if (concurrencyCap != null && concurrencyCap < 1) {
                throw new IllegalArgumentException("concurrencyCap must be ≥ 1 (got " + concurrencyCap + ")");
            }
            clock = clock == null ? Clock.system() : clock;
            listener = listener == null ? RequestListener.NONE : listener;
        }

        /** The permits of the concurrency cap, handed out fairly; null without a cap. */
        Semaphore newCap() {
            return concurrencyCap == null ? null : new Semaphore(concurrencyCap, true);
        }

        /** Refuses a negative drain timeout (null waits without bound). */
        static void checkDrainTimeout(Duration drainTimeout) {
            if (drainTimeout != null && drainTimeout.isNegative()) {
                throw new IllegalArgumentException("drainTimeout must be ≥ 0 (got " + drainTimeout + ")");
            }
        }
    }

    private final double[] offsetsSeconds;
    private final IntFunction<RequestShape> shapes;
    private final Options options;

    OpenLoopIssuer(double[] offsetsSeconds, IntFunction<RequestShape> shapes, Options options) {
        this.offsetsSeconds = offsetsSeconds;
        this.shapes = shapes;
        this.options = options;
    }

    IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        Options.checkDrainTimeout(drainTimeout);
        return new Run(transport).execute(drainTimeout);
    }

    /** One request from issue to terminal state. */
    private static final class InFlight {
        final int index;
        final long issuedAt;
        final RequestShape shape;
        final AtomicBoolean terminal = new AtomicBoolean();
        volatile Long dispatchedAt;
        volatile String cancelReason;
        Thread thread;
        /** Scheduled path: the prepared write, its return stamp, and the outcome it may receive before that stamp. */
        volatile ScheduledTransport.Prepared prepared;
        volatile Long writtenAt;
        final AtomicInteger untilFinish = new AtomicInteger(2);
        volatile SendOutcome outcome;
        volatile long outcomeAt;
        /** Set under the run's lock once the record is written and the listener has seen it. */
        boolean recorded;

        InFlight(int index, long issuedAt, RequestShape shape) {
            this.index = index;
            this.issuedAt = issuedAt;
            this.shape = shape;
        }
    }

    /** The mutable state of one {@link #run}. */
    private final class Run {
        private final Transport transport;
        private final Clock clock = options.clock();
        private final Semaphore cap;
        private final Map<Integer, InFlight> inFlight = new ConcurrentHashMap<>();
        private final IssuerAggregate aggregate = new IssuerAggregate();
        private final RequestRecord[] retained;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition terminalChanged = lock.newCondition();
        private int terminalCount;
        private volatile int issued;
        private volatile long issuanceEnd;
        private volatile RuntimeException pacerFailure;
        private volatile PacerPriority pacerPriority;

        Run(Transport transport) {
            this.transport = transport;
            this.cap = options.newCap();
            this.retained = options.retainRecords() ? new RequestRecord[offsetsSeconds.length] : null;
        }

        IssuerReport execute(Duration drainTimeout) throws InterruptedException {
            long origin = clock.nanoTime();
            Thread pacer = Thread.ofPlatform().name("joulebench-pacer").daemon(true).unstarted(() -> pace(origin));
            pacer.setPriority(Thread.MAX_PRIORITY);
            pacer.start();
            try {
                pacer.join();
                if (pacerFailure != null) {
                    cancelAll("issuance failed");
                    throw pacerFailure;
                }
                if (!awaitDrain(drainTimeout)) {
                    cancelAll("drain timeout");
                }
            } catch (InterruptedException e) {
                pacer.interrupt();
                Threads.joinUninterruptibly(pacer);
                cancelAll("interrupted");
                throw e;
            }
            return aggregate.report(issued, issuanceEnd - origin, options.concurrencyCap(), retained, pacerPriority);
        }

        private void pace(long origin) {
            if (clock == Clock.system()) {
                pacerPriority = PacerPriority.raiseCurrentThread();
            }
            Pacer pacer = new Pacer(clock);
            ScheduledTransport scheduled = cap == null && transport instanceof ScheduledTransport s ? s : null;
            int i = 0;
            try (EncodeAhead ahead = scheduled == null ? null
                    : new EncodeAhead(scheduled, shapes, offsetsSeconds.length)) {
                for (; i < offsetsSeconds.length; i++) {
                    long at = origin + Math.round(offsetsSeconds[i] * 1e9);
                    if (ahead != null) {
                        InFlight next = prepare(scheduled, ahead.next(), at);
                        try {
                            pacer.awaitInstant(at);
                        } catch (InterruptedException e) {
                            if (next.prepared != null) {
                                next.prepared.cancel();
                            }
                            throw e;
                        }
                        write(next);
                    } else {
                        pacer.awaitInstant(at);
                        issue(i, at);
                    }
                }
            } catch (InterruptedException e) {
                LOG.debug("issuance interrupted after {} of {} requests", i, offsetsSeconds.length);
            } catch (RuntimeException e) {
                pacerFailure = new IllegalStateException("could not issue request " + i + ": " + e.getMessage(), e);
            } finally {
                issuanceEnd = clock.nanoTime();
            }
        }

        private void issue(int index, long issuedAt) {
            InFlight request = new InFlight(index, issuedAt, shapes.apply(index));
            request.thread = Thread.ofVirtual().name("joulebench-request-", index).unstarted(() -> dispatch(request));
            inFlight.put(index, request);
            issued = index + 1;
            request.thread.start();
        }

        /** Before the instant: a connection for the bytes made ahead; a failure is recorded at the instant. */
        private InFlight prepare(ScheduledTransport scheduled, EncodeAhead.Next encoded, long issuedAt) {
            InFlight request = new InFlight(encoded.index(), issuedAt, encoded.shape());
            try {
                if (encoded.failure() != null) {
                    throw encoded.failure();
                }
                request.prepared = scheduled.prepare(encoded.encoded());
            } catch (TransportException e) {
                request.outcome = SendOutcome.failed(e);
            }
            return request;
        }

        /** At the instant, on the pacer thread: the write, then its return stamp. */
        private void write(InFlight request) {
            inFlight.put(request.index, request);
            issued = request.index + 1;
            request.dispatchedAt = clock.nanoTime();
            if (request.prepared == null) {
                request.outcomeAt = request.dispatchedAt;
                request.untilFinish.set(1);
                settle(request);
                return;
            }
            long writtenAt = request.prepared.write(new ScheduledTransport.Callback() {
                @Override
                public void written(long writtenAtNanos) {
                    request.writtenAt = writtenAtNanos;
                }

                @Override
                public void completed(CompletionResult result) {
                    outcome(request, SendOutcome.completed(result));
                }

                @Override
                public void failed(TransportException failure) {
                    outcome(request, SendOutcome.failed(failure));
                }
            });
            if (writtenAt != ScheduledTransport.DEFERRED) {
                request.writtenAt = writtenAt;
            }
            settle(request);
        }

        private void outcome(InFlight request, SendOutcome outcome) {
            request.outcomeAt = clock.nanoTime();
            request.outcome = outcome;
            settle(request);
        }

        /** The second of {write returned, outcome arrived} writes the record, whichever thread it is on. */
        private void settle(InFlight request) {
            if (request.untilFinish.decrementAndGet() != 0) {
                return;
            }
            SendOutcome outcome = request.outcome;
            if (outcome.result().retried()) {
                request.dispatchedAt = outcome.result().retriedAtNanos();
            }
            outcome = outcome.cancelledBy(request.cancelReason);
            finish(request, outcome.status(), outcome.error(), outcome.result(), request.outcomeAt);
        }

        private void dispatch(InFlight request) {
            SendOutcome outcome = SendOutcome.send(transport, request.shape, cap, () -> {
                if (request.cancelReason != null) {
                    throw new InterruptedException("cancelled before dispatch");
                }
                request.dispatchedAt = clock.nanoTime();
            });
            long completedAt = clock.nanoTime();
            if (outcome.result().retried()) {
                // the stale attempt's delay shows in its lateness
                request.dispatchedAt = outcome.result().retriedAtNanos();
            }
            outcome = outcome.cancelledBy(request.cancelReason);
            finish(request, outcome.status(), outcome.error(), outcome.result(), completedAt);
        }

        /** Writes the terminal record once; a request already written off by the canceller is ignored. */
        private void finish(InFlight request, RequestStatus status, String error, CompletionResult result,
                            long completedAt) {
            if (!request.terminal.compareAndSet(false, true)) {
                return;
            }
            inFlight.remove(request.index);
            RequestRecord record = new RequestRecord(request.index, request.issuedAt, request.dispatchedAt,
                    status == RequestStatus.TIMEOUT ? null : completedAt, status, error, result, request.writtenAt,
                    request.shape == null ? null : request.shape.workload());
            aggregate.add(record);
            if (retained != null) {
                retained[request.index] = record;
            }
            try {
                options.listener().onTerminal(record);
            } catch (RuntimeException e) {
                LOG.warn("request listener failed on request {}", request.index, e);
            }
            lock.lock();
            try {
                request.recorded = true;
                terminalCount++;
                terminalChanged.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** True when every issued request reached a terminal state within the timeout (null = unbounded). */
        private boolean awaitDrain(Duration timeout) throws InterruptedException {
            long remaining = timeout == null ? Long.MAX_VALUE : timeout.toNanos();
            lock.lockInterruptibly();
            try {
                while (terminalCount < issued) {
                    if (timeout == null) {
                        terminalChanged.await();
                    } else {
                        if (remaining <= 0) {
                            return false;
                        }
                        remaining = terminalChanged.awaitNanos(remaining);
                    }
                }
                return true;
            } finally {
                lock.unlock();
            }
        }

        /** Interrupts every in-flight request (→ timeout with its partial result); writes off any that hang. */
        private void cancelAll(String reason) {
            List<InFlight> pending = List.copyOf(inFlight.values());
            for (InFlight request : pending) {
                request.cancelReason = reason;
            }
            for (InFlight request : pending) {
                if (request.thread != null) {
                    request.thread.interrupt();
                } else if (request.prepared != null) {
                    request.prepared.cancel();
                }
            }
            // the request threads unwind in real time, whatever clock paces the schedule
            Clock real = Clock.system();
            long deadline = real.nanoTime() + CANCEL_GRACE_NANOS;
            boolean interrupted = false;
            for (InFlight request : pending) {
                long left = deadline - real.nanoTime();
                try {
                    if (left > 0) {
                        awaitTerminal(request, left);
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                    deadline = real.nanoTime();
                }
            }
            for (InFlight request : List.copyOf(inFlight.values())) {
                LOG.warn("request {} did not unwind within the cancel grace; recorded as timeout", request.index);
                finish(request, RequestStatus.TIMEOUT, reason, CompletionResult.EMPTY, 0L);
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * Joins a request's thread, or waits until a scheduled request's record is written (listener included, as a
         * join would), up to {@code nanos}.
         */
        private void awaitTerminal(InFlight request, long nanos) throws InterruptedException {
            if (request.thread != null) {
                request.thread.join(Duration.ofNanos(nanos));
                return;
            }
            lock.lockInterruptibly();
            try {
                long left = nanos;
                while (!request.recorded && left > 0) {
                    left = terminalChanged.awaitNanos(left);
                }
            } finally {
                lock.unlock();
            }
        }
    }
}

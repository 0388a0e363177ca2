package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The issue loop of {@link SessionSource}: a platform pacer thread starts each session at its scheduled instant on a
 * virtual thread of its own, which sends the session's turns one after another (closed-loop inside the session).
 * Request indices are level-wide, in the order turns are sent. The optional cap gates each turn's dispatch.
 */
final class SessionIssuer {

    private static final Logger LOG = LoggerFactory.getLogger(SessionIssuer.class);

    private final double[] startOffsets;
    private final SessionScript script;
    private final Double lastReadySeconds;
    private final OpenLoopIssuer.Options options;

    SessionIssuer(double[] startOffsets, SessionScript script, Double lastReadySeconds,
                  OpenLoopIssuer.Options options) {
        this.startOffsets = startOffsets;
        this.script = script;
        this.lastReadySeconds = lastReadySeconds;
        this.options = options;
    }

    IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        OpenLoopIssuer.Options.checkDrainTimeout(drainTimeout);
        return new Run(transport).execute(drainTimeout);
    }

    private final class Run {
        private final Transport transport;
        private final Clock clock = options.clock();
        private final Semaphore cap;
        private final IssuerAggregate aggregate = new IssuerAggregate();
        private final ConcurrentLinkedQueue<RequestRecord> retained = new ConcurrentLinkedQueue<>();
        private final Set<Thread> sessions = ConcurrentHashMap.newKeySet();
        private final AtomicInteger nextIndex = new AtomicInteger();
        private final AtomicInteger failures = new AtomicInteger();
        private final java.util.concurrent.atomic.AtomicBoolean failureLogged =
                new java.util.concurrent.atomic.AtomicBoolean();
        private volatile String cancelReason;
        private volatile long issuanceEnd;
        private long origin;

        Run(Transport transport) {
            this.transport = transport;
            this.cap = options.newCap();
        }

        IssuerReport execute(Duration drainTimeout) throws InterruptedException {
            origin = clock.nanoTime();
            List<Thread> started = new ArrayList<>();
            Pacer pacer = new Pacer(clock);
            try {
                for (int s = 0; s < startOffsets.length; s++) {
                    long at = origin + Math.round(startOffsets[s] * 1e9);
                    pacer.awaitInstant(at);
                    int session = s;
                    int firstIndex = nextIndex.getAndIncrement(); // first turns are numbered in start order
                    Thread t = Thread.ofVirtual().name("joulebench-session-", s)
                            .unstarted(() -> converse(session, at, firstIndex));
                    sessions.add(t);
                    started.add(t);
                    t.start();
                }
                issuanceEnd = clock.nanoTime();
                if (!awaitDrain(started, drainTimeout)) {
                    cancelAll(started, "drain timeout");
                }
            } catch (InterruptedException e) {
                issuanceEnd = clock.nanoTime();
                cancelAll(started, "interrupted");
                throw e;
            }
            if (failures.get() > 1) {
                LOG.warn("{} sessions could not go on", failures.get());
            }
            List<RequestRecord> records = new ArrayList<>(retained);
            records.sort(Comparator.comparingInt(RequestRecord::index));
            return aggregate.report(nextIndex.get(), issuanceEnd - origin, options.concurrencyCap(),
                    options.retainRecords() ? records.toArray(RequestRecord[]::new) : null, null);
        }

        /** One conversation: each turn waits for its ready instant, carries the history, and ends the session on failure. */
        private void converse(int session, long startAt, int firstIndex) {
            try {
                int turns = script.turns(session);
                List<Map<String, Object>> history = new ArrayList<>();
                long readyAt = startAt;
                for (int turn = 1; turn <= turns; turn++) {
                    if (turn > 1 && lastReadySeconds != null
                            && readyAt - origin > Math.round(lastReadySeconds * 1e9)) {
                        return; // past the level's horizon: the session is cut, not completed
                    }
                    // built in the think time, before the ready instant: a long prompt's making is not lateness
                    RequestShape user = script.turn(session, turn);
                    List<Map<String, Object>> said = messages(user, session, turn);
                    List<Map<String, Object>> conversation = new ArrayList<>(history);
                    conversation.addAll(said);
                    Map<String, Object> payload = new LinkedHashMap<>(user.payload());
                    payload.put("messages", List.copyOf(conversation));
                    if (turn > 1) {
                        clock.sleepUntil(readyAt);
                    }
                    if (cancelReason != null) {
                        if (turn == 1) { // its index is taken: written off, as a cancelled open-loop request is
                            terminal(new RequestRecord(firstIndex, readyAt, null, null, RequestStatus.TIMEOUT,
                                    cancelReason, CompletionResult.EMPTY, null, RequestWorkload.NONE.inSession(
                                            new SessionTurn(session, 1, turns, readyAt))));
                        }
                        return;
                    }
                    int index = turn == 1 ? firstIndex : nextIndex.getAndIncrement();
                    RequestShape shape = new RequestShape(index, payload,
                            user.workload().inSession(new SessionTurn(session, turn, turns, readyAt)));
                    RequestRecord record = send(shape, readyAt);
                    if (record.status() != RequestStatus.OK || record.result().text() == null) {
                        return;
                    }
                    history.addAll(said);
                    Map<String, Object> reply = new LinkedHashMap<>();
                    reply.put("role", "assistant");
                    reply.put("content", record.result().text());
                    history.add(reply);
                    readyAt = record.completedAtNanos()
                            + Math.round(Math.max(0.0, script.thinkSeconds(session, turn + 1)) * 1e9);
                    double recorded = turn < turns ? script.recordedOffsetSeconds(session, turn + 1) : Double.NaN;
                    if (!Double.isNaN(recorded)) {
                        readyAt = Math.max(readyAt, origin + Math.round(recorded * 1e9));
                    }
                }
            } catch (InterruptedException e) {
                LOG.debug("session {} cancelled", session);
            } catch (RuntimeException e) {
                failures.incrementAndGet();
                if (failureLogged.compareAndSet(false, true)) {
                    LOG.warn("session {} could not go on (later failures are counted at the drain): {}", session,
                            e.getMessage(), e);
                }
            } finally {
                sessions.remove(Thread.currentThread());
            }
        }

        @SuppressWarnings("unchecked")
        private List<Map<String, Object>> messages(RequestShape user, int session, int turn) {
            if (!(user.payload().get("messages") instanceof List<?> list)) {
                throw new IllegalStateException("session " + session + " turn " + turn
                        + " has no chat messages: sessions speak the chat API (task.api: chat)");
            }
            return (List<Map<String, Object>>) list;
        }

        private RequestRecord send(RequestShape shape, long readyAt) throws InterruptedException {
            Long[] dispatchedAt = {null}; // null until the request leaves (a cancel may come while it waits for a permit)
            SendOutcome outcome = SendOutcome.send(transport, shape, cap, () -> dispatchedAt[0] = clock.nanoTime());
            boolean interrupted = outcome == SendOutcome.INTERRUPTED;
            long completedAt = clock.nanoTime();
            if (outcome.result().retried()) {
                dispatchedAt[0] = outcome.result().retriedAtNanos();
            }
            outcome = outcome.cancelledBy(cancelReason);
            RequestRecord record = new RequestRecord(shape.index(), readyAt, dispatchedAt[0],
                    outcome.status() == RequestStatus.TIMEOUT ? null : completedAt, outcome.status(), outcome.error(),
                    outcome.result(), null, shape.workload());
            terminal(record);
            if (interrupted) {
                throw new InterruptedException("cancelled");
            }
            return record;
        }

        private void terminal(RequestRecord record) {
            aggregate.add(record);
            if (options.retainRecords()) {
                retained.add(record);
            }
            try {
                options.listener().onTerminal(record);
            } catch (RuntimeException e) {
                LOG.warn("request listener failed on request {}", record.index(), e);
            }
        }

        /** True when every session ended within the timeout (null = unbounded). */
        private boolean awaitDrain(List<Thread> started, Duration timeout) throws InterruptedException {
            long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
            for (Thread t : started) {
                if (timeout == null) {
                    t.join();
                } else {
                    long left = deadline - System.nanoTime();
                    if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                        return false;
                    }
                }
            }
            return true;
        }

        /** Interrupts every live session (its turn in flight → timeout with its partial result). */
        private void cancelAll(List<Thread> started, String reason) {
            cancelReason = reason;
            List<Thread> live = List.copyOf(sessions);
            live.forEach(Thread::interrupt);
            long deadline = System.nanoTime() + OpenLoopIssuer.CANCEL_GRACE_NANOS;
            boolean interrupted = false;
            for (Thread t : live) {
                long left = deadline - System.nanoTime();
                try {
                    if (left > 0) {
                        t.join(Duration.ofNanos(left));
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                    deadline = System.nanoTime();
                }
            }
            if (!sessions.isEmpty()) {
                LOG.warn("{} of {} sessions did not unwind within the cancel grace", sessions.size(), started.size());
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

package io.joulebench.core.session;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DomainBracket;
import io.joulebench.core.study.OfflineConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.traffic.TransportException;
import io.joulebench.core.window.BatchWindow;
import io.joulebench.core.window.RequestLogSpill;
import io.joulebench.core.window.WindowRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one-result sibling of a server session: a fresh launch, then a fixed batch of {@code offline.n_prompts} prompts
 * sent closed-loop with {@code offline.concurrency} in flight, measured as one window in the same bracket and handed
 * to the same sink as an offline {@link LevelResult} (window id {@code offline-{hash}-c{cycle}}).
 */
public final class OfflineSession {

    private static final Logger LOG = LoggerFactory.getLogger(OfflineSession.class);

    private final ServerSession session;

    public OfflineSession(StudyPlan plan, ResolvedCell cell, SessionServices services, SessionSink sink,
                          StudyRunListener listener) {
        if (cell.isServer()) {
            throw new IllegalArgumentException("cell " + cell.label() + " is a server cell");
        }
        this.session = new ServerSession(plan, List.of(cell), services, sink, listener, OfflineSession::batch);
    }

    public String sessionId() {
        return session.sessionId();
    }

    /** Launch, batch, teardown; see {@link SessionRunner#runGroup}. */
    public void run() throws InterruptedException {
        session.run();
    }

    private static void batch(ActiveSession s) throws InterruptedException {
        ResolvedCell cell = s.cells().getFirst();
        OfflineConfig offline = cell.experiment().offline();
        s.output().cellStarted(cell);
        SessionMeasurement m = s.measurement();
        StudyRunListener listener = s.output().listener();
        List<RequestRecord> records = Collections.synchronizedList(new ArrayList<>());
        LevelResult result;
        DomainBracket bracket = null;
        try (RequestLogSpill log = new RequestLogSpill(0, 1, (level, window) -> logPath(s, cell))) {
            bracket = m.bracket();
            bracket.open();
            // the span starts at the energy's opening edge, not after its wait for a counter tick, so energy, tokens
            // and duration cover one interval
            long start = bracket.openedAtNanos();
            listener.windowOpened(0, 0, start);
            send(s, offline, records);
            long end = m.clock().nanoTime();
            BracketResult energy = bracket.finish();
            WindowRecord window = BatchWindow.of(List.copyOf(records), start, end, energy, null, log);
            listener.windowClosed(window);
            String invalid = window.jPerToken() != null ? null
                    : "the offline batch produced no J/token (" + window.tokens() + " tokens, energy "
                    + window.energyJ() + " J)";
            result = LevelResult.offline(cell, s.sessionId(), List.of(window), m.energy(), invalid, false);
        } catch (InterruptedException e) {
            Thread.interrupted();
            result = LevelResult.offline(cell, s.sessionId(), List.of(), m.energy(), "aborted: cancelled", true);
        } catch (RuntimeException e) {
            LOG.error("session {}: offline batch failed", s.sessionId(), e);
            result = LevelResult.offline(cell, s.sessionId(), List.of(), m.energy(),
                    "aborted: " + LevelDriver.describe(e), false);
        } finally {
            if (bracket != null) {
                bracket.close();
            }
        }
        s.output().levelClosed(result, "the offline result");
        if (result.interrupted()) {
            throw new InterruptedException("offline batch interrupted");
        }
    }

    /** Closed loop: {@code concurrency} workers each take the next prompt as soon as their last one finished. */
    private static void send(ActiveSession s, OfflineConfig offline, List<RequestRecord> records)
            throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        Clock clock = s.measurement().clock();
        Transport transport = s.traffic().transport();
        ShapeSource shapes = s.traffic().shapes();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < offline.concurrency(); w++) {
            workers.add(Thread.ofVirtual().name("joulebench-offline-" + w).start(() -> {
                int i;
                while (!Thread.currentThread().isInterrupted() && (i = next.getAndIncrement()) < offline.nPrompts()) {
                    long issued = clock.nanoTime();
                    try {
                        CompletionResult r = transport.send(shapes.shape(i));
                        records.add(new RequestRecord(i, issued, issued, clock.nanoTime(), RequestStatus.OK,
                                null, r));
                    } catch (TransportException e) {
                        records.add(new RequestRecord(i, issued, issued, clock.nanoTime(), RequestStatus.ERROR,
                                e.getMessage(), e.partial()));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        try {
            for (Thread t : workers) {
                t.join();
            }
        } catch (InterruptedException e) {
            workers.forEach(Thread::interrupt);
            for (Thread t : workers) {
                t.join(java.time.Duration.ofSeconds(5));
            }
            throw e;
        }
    }

    private static java.nio.file.Path logPath(ActiveSession s, ResolvedCell cell) {
        try {
            return s.output().requestLogPath(cell, 0, 0);
        } catch (IOException e) {
            throw new UncheckedIOException("no request log path for the offline window", e);
        }
    }
}

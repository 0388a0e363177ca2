package io.joulebench.core.window;

import io.joulebench.core.attribution.AttributionLedger;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.TokenTimes;
import java.util.ArrayList;
import java.util.List;

/**
 * The listener a level's traffic source reports to: it attributes each terminal request's token receipts to the
 * ramp, a window or the drain, folds the request into the metrics of the window that owns it, streams its log row,
 * and forgets it (see docs/decisions/0003).
 *
 * <p>Window spans are fixed when the ramp ends: window {@code w} spans {@code [s0 + w·d, s0 + (w+1)·d]}. From then
 * on attribution is arithmetic and any record can be folded in at once. Before that, a record is folded in only
 * when all its instants lie strictly before "now" (then they all precede s0); otherwise it waits in a small pending
 * list until s0 is known. A real source only reports the past, so the list stays empty; it exists for fakes that
 * report future receipts on a virtual clock.
 */
final class LevelAggregator implements RequestListener {

    private final int levelIndex;
    private final int windowCount;
    private final long durationNanos;
    private final Clock clock;
    private final RequestLogSink log;
    private final Slo slo;
    private final List<RequestRecord> pending = new ArrayList<>();
    private final AttributionLedger ledger;
    private WindowAggregate[] windows;
    private long s0;
    private long rampTokens;
    private long drainTokens;
    private long rampOwnedServerTokens;
    private boolean rampOwnedServerReported;
    private long recordCount;
    private RuntimeException failure;

    LevelAggregator(int levelIndex, WindowSpec spec, Clock clock, RequestLogSink log, Slo slo) {
        this.levelIndex = levelIndex;
        this.windowCount = spec.windowsPerLevel();
        this.durationNanos = spec.durationNanos();
        this.clock = clock;
        this.log = log;
        this.slo = slo;
        this.ledger = new AttributionLedger(windowCount);
    }

    /** The level's attribution inputs (docs/methodology.md, "Energy per request (attributed)"). */
    AttributionLedger ledger() {
        return ledger;
    }

    @Override
    public synchronized void onTerminal(RequestRecord record) {
        if (failure != null) {
            return;
        }
        try {
            recordCount++;
            if (windows != null) {
                fold(record);
            } else if (latestInstant(record) < clock.nanoTime()) {
                foldBeforeWindows(record);
            } else {
                pending.add(record);
            }
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /** Fixes the window spans at the clock's current reading and folds in what was waiting; returns s0. */
    synchronized long startWindows() {
        s0 = clock.nanoTime();
        windows = new WindowAggregate[windowCount];
        for (int w = 0; w < windowCount; w++) {
            windows[w] = new WindowAggregate(w, spanStart(w), spanStart(w + 1), slo);
        }
        if (rampOwnedServerReported) {
            windows[0].addServerTokens(rampOwnedServerTokens);
        }
        try {
            for (RequestRecord r : pending) {
                fold(r);
            }
        } catch (RuntimeException e) {
            failure = e;
        }
        pending.clear();
        return s0;
    }

    long spanStart(int window) {
        return s0 + window * durationNanos;
    }

    /** The first failure raised while folding or logging a record (e.g. the request log's disk is full). */
    synchronized RuntimeException failure() {
        return failure;
    }

    synchronized long rampTokens() {
        return rampTokens;
    }

    synchronized long drainTokens() {
        return drainTokens;
    }

    synchronized long recordCount() {
        return recordCount;
    }

    synchronized int pendingCount() {
        return pending.size();
    }

    /** The record of window {@code w} from what has been folded in so far. */
    synchronized WindowRecord record(int w, BracketResult bracket, Double capBoundFraction, boolean provisional) {
        return windows[w].record(levelIndex, bracket, capBoundFraction, provisional);
    }

    /** The client's own load over window {@code w} (from the level's {@link ClientMonitor}). */
    synchronized void client(int w, ClientLoad load) {
        windows[w].client(load);
    }

    /** Final records of the windows whose brackets closed, in order. */
    List<WindowRecord> records(List<BracketResult> brackets, Double capBoundFraction) {
        List<WindowRecord> out = new ArrayList<>(brackets.size());
        for (int w = 0; w < brackets.size(); w++) {
            out.add(record(w, brackets.get(w), capBoundFraction, false));
        }
        return out;
    }

    private void fold(RequestRecord r) {
        long end = spanStart(windowCount);
        TokenTimes times = r.tokenTimesNanos();
        for (int i = 0; i < times.size(); i++) {
            long t = times.get(i);
            if (t < s0) {
                rampTokens++;
            } else if (t > end) {
                drainTokens++;
            } else {
                long offset = t - s0;
                int w = (int) (offset / durationNanos);
                if (w < windowCount) {
                    windows[w].addToken(t);
                }
                if (offset % durationNanos == 0 && w >= 1) {
                    windows[w - 1].addToken(t);    // a receipt exactly on a shared edge belongs to both closed spans
                }
            }
        }
        long issued = r.issuedAtNanos();
        int owner = issued <= s0 ? 0 : (int) Math.min(windowCount - 1, (issued - s0 - 1) / durationNanos);
        WindowAggregate a = windows[owner];
        boolean inWindow = a.spanStart <= issued && issued <= a.spanEnd;
        boolean inDrain = inWindow && r.completedAtNanos() != null && r.completedAtNanos() > a.spanEnd;
        a.addOwned(r, inWindow);
        share(r, owner, inWindow);
        log.row(new RequestLogRow(r, levelIndex, owner, inWindow, issued < s0, inDrain));
    }

    /** The request's active time and tokens per window, for the attribution of the windows' energy. */
    private void share(RequestRecord r, int owner, boolean inWindow) {
        long[] edges = new long[windowCount + 1];
        for (int w = 0; w <= windowCount; w++) {
            edges[w] = spanStart(w);
        }
        ledger.add(r, owner, inWindow, edges);
    }

    private void foldBeforeWindows(RequestRecord r) {
        rampTokens += r.tokenTimesNanos().size();
        Integer server = r.result().serverCompletionTokens();
        if (server != null) {
            rampOwnedServerTokens += server;
            rampOwnedServerReported = true;
        }
        log.row(new RequestLogRow(r, levelIndex, 0, false, true, false));
    }

    private static long latestInstant(RequestRecord r) {
        long latest = r.issuedAtNanos();
        if (r.dispatchedAtNanos() != null) {
            latest = Math.max(latest, r.dispatchedAtNanos());
        }
        if (r.completedAtNanos() != null) {
            latest = Math.max(latest, r.completedAtNanos());
        }
        if (!r.tokenTimesNanos().isEmpty()) {
            latest = Math.max(latest, r.tokenTimesNanos().last());
        }
        return latest;
    }
}

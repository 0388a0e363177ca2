package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.SessionTurn;
import io.joulebench.core.traffic.TokenTimes;

/**
 * The running aggregates of one window: attributed tokens (with their quarters) and the metrics of the requests it
 * owns. Records are folded in and dropped, so memory does not grow with the request count beyond the bounded
 * latency accumulators. Not thread-safe: the {@link LevelAggregator} serialises.
 */
final class WindowAggregate {

    final int index;
    final long spanStart;
    final long spanEnd;
    private final Slo slo;

    long tokens;
    final long[] quarterTokens = new long[WindowMeasurement.QUARTERS];

    private long completed;
    private long errors;
    private long timeouts;
    private long lengthTruncated;
    private Long serverReportedOutputTokens;
    private long ratioServerTokens;
    private long ratioClientTokens;
    private boolean ratioReported;
    private long sloMeeting;
    private long goodputTokens;
    private ReplayFidelity fidelity = ReplayFidelity.EMPTY;
    /** Null until a conversation turn is folded in. */
    private SessionCounts sessions;
    private final LatencyAccumulator ttft = new LatencyAccumulator();
    private final LatencyAccumulator tpot = new LatencyAccumulator();
    private final LatencyAccumulator itl = new LatencyAccumulator();
    private final LatencyAccumulator e2e = new LatencyAccumulator();
    private final LatencyAccumulator dispatch = new LatencyAccumulator();
    /** Receipt − {@code t_send_ns} of the tokens whose chunks carried one. */
    private final LatencyAccumulator receiptLag = new LatencyAccumulator();
    private ClientLoad client;

    WindowAggregate(int index, long spanStart, long spanEnd, Slo slo) {
        this.index = index;
        this.spanStart = spanStart;
        this.spanEnd = spanEnd;
        this.slo = slo;
    }

    /** The record of this window of level {@code levelIndex} from what has been folded in so far. */
    WindowRecord record(int levelIndex, BracketResult bracket, Double capBoundFraction, boolean provisional) {
        Double cv = WindowMeasurement.of(bracket, tokens, quarterTokens.clone()).intraWindowCv();
        return new WindowRecord(levelIndex, index, spanStart, spanEnd, bracket, tokens, cv,
                metrics(capBoundFraction), serverReportedOutputTokens(), provisional, null, clientLoad());
    }

    /** The client's load measured over this window's span. */
    void client(ClientLoad load) {
        this.client = load;
    }

    /** The client's load, its receipt lag taken from the servers' send times where tokens carried them. */
    private ClientLoad clientLoad() {
        if (client == null || receiptLag.count() == 0) {
            return client;
        }
        return client.withReceiptLagP99Ms(receiptLag.quantile(0.99) / 1e6);
    }

    /** Counts one token receipt known to lie in [spanStart, spanEnd]. */
    void addToken(long t) {
        tokens++;
        long q = (t - spanStart) * WindowMeasurement.QUARTERS / Math.max(1, spanEnd - spanStart);
        quarterTokens[(int) Math.min(WindowMeasurement.QUARTERS - 1, Math.max(0, q))]++;
    }

    /** Folds in a request this window owns; only in-window requests enter the metrics. */
    void addOwned(RequestRecord r, boolean inWindow) {
        CompletionResult c = r.result();
        if (c.serverCompletionTokens() != null) {
            addServerTokens(c.serverCompletionTokens());
        }
        if (!inWindow) {
            return;
        }
        SessionTurn turn = r.workload().session();
        if (turn != null) {
            sessions = (sessions == null ? SessionCounts.NONE : sessions).plus(new SessionCounts(turn.first() ? 1 : 0,
                    turn.last() && r.status() == RequestStatus.OK ? 1 : 0));
        }
        // a later turn's delay runs from when it became ready, not from an open-loop instant: the issuer reports it
        if (r.dispatchDelayNanos() != null && (turn == null || turn.first())) {
            dispatch.add(r.dispatchDelayNanos());
        }
        if (r.status() == RequestStatus.ERROR) {
            errors++;
            return;
        }
        if (r.status() == RequestStatus.TIMEOUT) {
            timeouts++;
            return;
        }
        completed++;
        fidelity = fidelity.plus(ReplayFidelity.of(r));
        if ("length".equals(c.finishReason())) {
            lengthTruncated++;
        }
        if (c.serverCompletionTokens() != null) {
            ratioReported = true;
            ratioServerTokens += c.serverCompletionTokens();
            ratioClientTokens += c.tokenCount();
        }
        TokenTimes times = c.tokenTimesNanos();
        Long ttftNanos = times.isEmpty() ? null : times.first() - r.issuedAtNanos();
        if (ttftNanos != null) {
            ttft.add(ttftNanos);
        }
        if (r.completedAtNanos() != null) {
            e2e.add(r.completedAtNanos() - r.issuedAtNanos());
        }
        Long tpotNanos = null;
        if (times.size() >= 2) {
            tpotNanos = Math.round((double) (times.last() - times.first()) / (times.size() - 1));
            tpot.add(tpotNanos);
        }
        for (int i = 1; i < times.size(); i++) {
            itl.add(times.get(i) - times.get(i - 1));
        }
        TokenTimes sent = c.serverSendTimesNanos();
        if (sent != null) {
            for (int i = 0; i < Math.min(sent.size(), times.size()); i++) {
                if (sent.get(i) != CompletionResult.NO_SEND_TIME) {
                    receiptLag.add(times.get(i) - sent.get(i));
                }
            }
        }
        if (slo != null && slo.meets(ttftNanos == null ? null : ttftNanos / 1e6,
                tpotNanos == null ? null : tpotNanos / 1e6)) {
            sloMeeting++;
            for (int i = 0; i < times.size(); i++) {
                if (times.get(i) <= spanEnd) {
                    goodputTokens++;
                }
            }
        }
    }

    /** Usage-reported completion tokens of a request this window owns (any status). */
    void addServerTokens(long count) {
        serverReportedOutputTokens = (serverReportedOutputTokens == null ? 0 : serverReportedOutputTokens) + count;
    }

    Long serverReportedOutputTokens() {
        return serverReportedOutputTokens;
    }

    WindowMetrics metrics(Double capBoundFraction) {
        double seconds = (spanEnd - spanStart) / 1e9;
        long inWindow = completed + errors + timeouts;
        Double ratio = ratioReported && ratioClientTokens > 0 ? (double) ratioServerTokens / ratioClientTokens : null;
        return new WindowMetrics(seconds > 0 ? completed / seconds : 0.0, completed, errors, timeouts, inWindow,
                inWindow == 0 ? null : (double) completed / inWindow, lengthTruncated,
                LatencyPercentiles.of(ttft), LatencyPercentiles.of(tpot), LatencyPercentiles.of(itl),
                LatencyPercentiles.of(e2e), ratio, LatencyPercentiles.of(dispatch), capBoundFraction,
                sloResult(seconds), fidelity, sessions);
    }

    private SloResult sloResult(double seconds) {
        if (slo == null) {
            return null;
        }
        Double attainment = completed == 0 ? null : (double) sloMeeting / completed;
        boolean pass = attainment != null && attainment >= slo.percentile();
        Double goodput = completed == 0 || seconds <= 0 ? null : goodputTokens / seconds;
        Double ttftAt = ttft.quantile(slo.percentile());
        Double tpotAt = tpot.quantile(slo.percentile());
        return new SloResult(slo, attainment, pass, goodput, ttftAt == null ? null : ttftAt / 1e6,
                tpotAt == null ? null : tpotAt / 1e6);
    }
}

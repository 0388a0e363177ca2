package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.TokenTimes;
import java.util.List;

/**
 * The single window of a closed batch (an offline run): every request of the batch is issued and finished inside
 * the span, so it owns them all and every token receipt in the span counts. Same record shape, request log rows and
 * metrics as a server window, so both land in the same result format.
 */
public final class BatchWindow {

    private BatchWindow() {
    }

    /**
     * Builds window 0 of level 0 over {@code [spanStartNanos, spanEndNanos]}, streaming one log row per request.
     *
     * @param slo the optional SLO overlay, or null
     */
    public static WindowRecord of(List<RequestRecord> records, long spanStartNanos, long spanEndNanos,
                                  BracketResult bracket, Slo slo, RequestLogSink log) {
        WindowAggregate a = new WindowAggregate(0, spanStartNanos, spanEndNanos, slo);
        for (RequestRecord r : records) {
            TokenTimes times = r.tokenTimesNanos();
            for (int i = 0; i < times.size(); i++) {
                long t = times.get(i);
                if (t >= spanStartNanos && t <= spanEndNanos) {
                    a.addToken(t);
                }
            }
            boolean inWindow = r.issuedAtNanos() >= spanStartNanos && r.issuedAtNanos() <= spanEndNanos;
            a.addOwned(r, inWindow);
            boolean inDrain = r.completedAtNanos() != null && r.completedAtNanos() > spanEndNanos;
            log.row(new RequestLogRow(r, 0, 0, inWindow, false, inDrain));
        }
        return a.record(0, bracket, null, false);
    }
}

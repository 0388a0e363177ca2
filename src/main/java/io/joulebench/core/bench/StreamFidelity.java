package io.joulebench.core.bench;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TokenTimes;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * How faithfully a client receives streams whose send times it knows: folds each terminal request into histograms
 * as it arrives (O(1) state per request, thread-safe), for {@code bench issuance}.
 *
 * <ul>
 *   <li><b>receipt lag</b> of a token = its receipt stamp − the chunk's {@code t_send_ns}: both
 *       {@code System.nanoTime()} (CLOCK_MONOTONIC) on the same machine, so the difference is what the client added
 *       between the server's write and the stamp, whatever the server's own timing;</li>
 *   <li><b>TTFT distortion</b> = (first receipt − the request's scheduled instant) − the server's scheduled TTFT: what
 *       the client adds to the TTFT it reports (dispatch lateness, the send, the receipt lag);</li>
 *   <li><b>ITL distortion</b> = (receipt k − receipt k−1) − the server's scheduled ITL, signed: tokens stamped
 *       together (one read, or a client that fell behind) show as negative, a late one as positive;</li>
 *   <li><b>tokens/s</b> = tokens received / (last receipt − first receipt).</li>
 * </ul>
 * Without a known schedule the distortions are empty; tokens without a send time have no lag. Failed and timed-out
 * requests are also tallied by their message, so a run's errors say what they were.
 */
public final class StreamFidelity implements RequestListener {

    /** Signed percentiles: p50 and p99 of a distribution that may go below zero. */
    public record Signed(long count, Long p1Nanos, Long p50Nanos, Long p99Nanos) {
        public static final Signed EMPTY = new Signed(0, null, null, null);
    }

    /**
     * @param negativeReceiptLags receipts stamped before their send time: 0 unless the stamping is wrong
     * @param errorKinds          failed or timed-out requests by "status: message", most frequent first; at most
     *                            {@value #MAX_ERROR_KINDS} kinds, the rest under {@value #OTHER_ERRORS}, last
     */
    public record Summary(long tokensReceived, long tokensWithSendTime, double tokensPerSecond,
                          IssuerReport.LatencySummary receiptLag, long negativeReceiptLags, Signed ttftDistortion,
                          Signed itlDistortion, Map<String, Long> errorKinds) {
        public Summary {
            errorKinds = Collections.unmodifiableMap(new LinkedHashMap<>(errorKinds));
        }
    }

    static final int MAX_ERROR_KINDS = 8;
    static final String OTHER_ERRORS = "other";
    private static final int MAX_MESSAGE_CHARS = 200;

    private final TokenSchedule schedule;
    private final Histogram lag = new Histogram(3);
    private final SignedHistogram ttft = new SignedHistogram();
    private final SignedHistogram itl = new SignedHistogram();
    private long lagMax;
    private long negativeLags;
    private long tokens;
    private long firstReceipt = Long.MAX_VALUE;
    private long lastReceipt = Long.MIN_VALUE;
    private final Map<String, Long> errors = new HashMap<>();

    /** @param schedule the server's schedule, or null when unknown (no distortion figures) */
    public StreamFidelity(TokenSchedule schedule) {
        this.schedule = schedule;
    }

    @Override
    public synchronized void onTerminal(RequestRecord record) {
        if (record.status() != RequestStatus.OK) {
            tallyError(record);
        }
        CompletionResult result = record.result();
        TokenTimes receipts = result.tokenTimesNanos();
        if (receipts.isEmpty()) {
            return;
        }
        tokens += receipts.size();
        firstReceipt = Math.min(firstReceipt, receipts.first());
        lastReceipt = Math.max(lastReceipt, receipts.last());
        TokenTimes sends = result.serverSendTimesNanos();
        if (sends != null) {
            for (int k = 0; k < receipts.size() && k < sends.size(); k++) {
                if (sends.get(k) == CompletionResult.NO_SEND_TIME) {
                    continue;
                }
                long l = receipts.get(k) - sends.get(k);
                if (l < 0) {
                    negativeLags++;
                    l = 0;
                }
                lag.recordValue(l);
                lagMax = Math.max(lagMax, l);
            }
        }
        if (schedule != null) {
            ttft.record(receipts.first() - record.issuedAtNanos() - schedule.ttftNanos());
            for (int k = 1; k < receipts.size(); k++) {
                itl.record(receipts.get(k) - receipts.get(k - 1) - schedule.itlNanos());
            }
        }
    }

    private void tallyError(RequestRecord record) {
        String message = record.error() == null ? "(no message)" : record.error();
        if (message.length() > MAX_MESSAGE_CHARS) {
            message = message.substring(0, MAX_MESSAGE_CHARS) + "…";
        }
        String kind = record.status().label() + ": " + message;
        if (!errors.containsKey(kind) && errors.size() >= MAX_ERROR_KINDS) {
            kind = OTHER_ERRORS;
        }
        errors.merge(kind, 1L, Long::sum);
    }

    public synchronized Summary summary() {
        long n = lag.getTotalCount();
        IssuerReport.LatencySummary lags = n == 0 ? IssuerReport.LatencySummary.EMPTY
                : new IssuerReport.LatencySummary(n, Math.min(lagMax, lag.getValueAtPercentile(50.0)),
                        Math.min(lagMax, lag.getValueAtPercentile(99.0)),
                        Math.min(lagMax, lag.getValueAtPercentile(99.9)), lagMax);
        double span = (lastReceipt - firstReceipt) / 1e9;
        return new Summary(tokens, n, tokens > 1 && span > 0 ? tokens / span : 0.0, lags, negativeLags,
                ttft.summary(), itl.summary(), byCountDescending(errors));
    }

    private static Map<String, Long> byCountDescending(Map<String, Long> counts) {
        Map<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream()
                .filter(e -> !e.getKey().equals(OTHER_ERRORS))
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        if (counts.containsKey(OTHER_ERRORS)) {
            sorted.put(OTHER_ERRORS, counts.get(OTHER_ERRORS)); // last, whatever its count
        }
        return sorted;
    }

    /** Two HdrHistograms, of magnitudes below zero and of values from zero up, read as one sorted distribution. */
    static final class SignedHistogram {
        private final Histogram below = new Histogram(3);
        private final Histogram above = new Histogram(3);

        void record(long value) {
            if (value < 0) {
                below.recordValue(value == Long.MIN_VALUE ? Long.MAX_VALUE : -value);
            } else {
                above.recordValue(value);
            }
        }

        /** The value of rank ⌈q/100 × n⌉ (1-based) in ascending signed order, or null when empty. */
        Long valueAt(double q) {
            long negative = below.getTotalCount();
            long n = negative + above.getTotalCount();
            if (n == 0) {
                return null;
            }
            long rank = Math.max(1, Math.min(n, (long) Math.ceil(q / 100.0 * n)));
            if (rank <= negative) {
                long k = negative - rank + 1; // k-th smallest magnitude below zero
                return -below.getValueAtPercentile(100.0 * k / negative);
            }
            long k = rank - negative;
            return above.getValueAtPercentile(100.0 * k / above.getTotalCount());
        }

        Signed summary() {
            long n = below.getTotalCount() + above.getTotalCount();
            return n == 0 ? Signed.EMPTY : new Signed(n, valueAt(1), valueAt(50), valueAt(99));
        }
    }
}

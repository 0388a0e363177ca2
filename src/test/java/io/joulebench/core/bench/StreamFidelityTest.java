package io.joulebench.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import org.junit.jupiter.api.Test;

class StreamFidelityTest {

    /** A request scheduled at {@code issuedAt} whose tokens were sent at {@code sends} and stamped at {@code receipts}. */
    private static RequestRecord request(long issuedAt, long[] sends, long[] receipts) {
        return new RequestRecord(0, issuedAt, issuedAt, receipts[receipts.length - 1], RequestStatus.OK, null,
                new CompletionResult(null, receipts, 1, receipts.length, "length", null, sends));
    }

    @Test
    void receipt_lag_ttft_and_itl_distortion_follow_a_known_schedule() {
        TokenSchedule schedule = new TokenSchedule(3, 1_000, 500); // ttft 1 µs, itl 0.5 µs, in ns
        StreamFidelity fidelity = new StreamFidelity(schedule);
        // issued at 10,000; the server sends at 11,000 / 11,500 / 12,000 and the client stamps 100, 200, 300 ns later
        fidelity.onTerminal(request(10_000, new long[] {11_000, 11_500, 12_000}, new long[] {11_100, 11_700, 12_300}));
        // a second one, all three tokens stamped by one read: gaps of 0, lags 900 / 400 / 0
        fidelity.onTerminal(request(20_000, new long[] {21_000, 21_500, 22_000}, new long[] {21_900, 21_900, 22_000}));

        StreamFidelity.Summary s = fidelity.summary();
        assertThat(s.tokensReceived()).isEqualTo(6);
        assertThat(s.tokensWithSendTime()).isEqualTo(6);
        assertThat(s.negativeReceiptLags()).isZero();
        // lags sorted: 0, 100, 200, 300, 400, 900
        assertThat(s.receiptLag().p50Nanos()).isEqualTo(200);
        assertThat(s.receiptLag().p99Nanos()).isEqualTo(900);
        assertThat(s.receiptLag().maxNanos()).isEqualTo(900);
        // TTFT distortion: (11,100 − 10,000) − 1,000 = 100 and (21,900 − 20,000) − 1,000 = 900
        assertThat(s.ttftDistortion().count()).isEqualTo(2);
        assertThat(s.ttftDistortion().p50Nanos()).isEqualTo(100);
        assertThat(s.ttftDistortion().p99Nanos()).isEqualTo(900);
        // ITL distortion: 600−500, 600−500, 0−500, 100−500 → sorted −500, −400, 100, 100
        assertThat(s.itlDistortion().count()).isEqualTo(4);
        assertThat(s.itlDistortion().p1Nanos()).isEqualTo(-500);
        assertThat(s.itlDistortion().p50Nanos()).isEqualTo(-400);
        assertThat(s.itlDistortion().p99Nanos()).isEqualTo(100);
        // 6 tokens from the first receipt (11,100) to the last (22,000)
        assertThat(s.tokensPerSecond()).isEqualTo(6 / (10_900 / 1e9));
    }

    @Test
    void without_send_times_or_schedule_only_counts_are_kept_and_a_negative_lag_is_counted() {
        StreamFidelity unknown = new StreamFidelity(null);
        unknown.onTerminal(new RequestRecord(0, 0, 0L, 10L, RequestStatus.OK, null,
                new CompletionResult(null, new long[] {5, 10}, null, null, null)));
        unknown.onTerminal(request(0, new long[] {50, CompletionResult.NO_SEND_TIME}, new long[] {40, 60}));
        StreamFidelity.Summary s = unknown.summary();
        assertThat(s.tokensReceived()).isEqualTo(4);
        assertThat(s.tokensWithSendTime()).isEqualTo(1);
        assertThat(s.negativeReceiptLags()).isEqualTo(1);
        assertThat(s.ttftDistortion()).isEqualTo(StreamFidelity.Signed.EMPTY);
        assertThat(s.itlDistortion()).isEqualTo(StreamFidelity.Signed.EMPTY);
    }

    @Test
    void signed_percentiles_rank_values_below_zero_before_those_above() {
        StreamFidelity.SignedHistogram h = new StreamFidelity.SignedHistogram();
        for (long v : new long[] {-3, -1, -2, 0, 5, 4}) {
            h.record(v);
        }
        assertThat(h.valueAt(1)).isEqualTo(-3);
        assertThat(h.valueAt(34)).isEqualTo(-1); // rank 3 of 6
        assertThat(h.valueAt(50)).isEqualTo(-1);
        assertThat(h.valueAt(51)).isEqualTo(0);
        assertThat(h.valueAt(100)).isEqualTo(5);
        assertThat(new StreamFidelity.SignedHistogram().valueAt(50)).isNull();
    }

    @Test
    void failed_requests_are_tallied_by_status_and_message_most_frequent_first_with_a_bounded_number_of_kinds() {
        StreamFidelity fidelity = new StreamFidelity(null);
        for (int i = 0; i < 3; i++) {
            fidelity.onTerminal(failed(RequestStatus.ERROR, "request to http://h/v1 failed: Connection reset"));
        }
        fidelity.onTerminal(failed(RequestStatus.TIMEOUT, "drain timeout"));
        fidelity.onTerminal(failed(RequestStatus.ERROR, null));
        for (int i = 0; i < StreamFidelity.MAX_ERROR_KINDS + 2; i++) {
            fidelity.onTerminal(failed(RequestStatus.ERROR, "kind " + i));
        }
        fidelity.onTerminal(request(0, new long[] {1}, new long[] {2})); // an OK request is no error

        var kinds = fidelity.summary().errorKinds();
        assertThat(kinds).hasSize(StreamFidelity.MAX_ERROR_KINDS + 1);
        assertThat(kinds.entrySet()).first().satisfies(e -> {
            assertThat(e.getKey()).isEqualTo("error: request to http://h/v1 failed: Connection reset");
            assertThat(e.getValue()).isEqualTo(3);
        });
        assertThat(kinds).containsEntry("timeout: drain timeout", 1L).containsEntry("error: (no message)", 1L)
                .containsEntry(StreamFidelity.OTHER_ERRORS, 5L);
        assertThat(kinds.keySet()).last().isEqualTo(StreamFidelity.OTHER_ERRORS);
        assertThat(kinds.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(15);
    }

    private static RequestRecord failed(RequestStatus status, String message) {
        return new RequestRecord(0, 0, 0L, 1L, status, message, null);
    }
}

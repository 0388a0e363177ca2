package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.RequestWorkload;
import org.junit.jupiter.api.Test;

class ReplayFidelityTest {

    static RequestRecord request(RequestStatus status, Integer askedIn, Integer askedOut, Integer shared,
                                 Integer prompt, int output, Integer cached) {
        long[] times = new long[output];
        for (int i = 0; i < output; i++) {
            times[i] = 1_000 + i;
        }
        CompletionResult c = new CompletionResult("", times, prompt, output, "length", null, null, null, cached);
        return new RequestRecord(0, 0, 0L, 2_000L, status, status == RequestStatus.OK ? null : "boom", c, null,
                new RequestWorkload(askedIn, askedOut, shared));
    }

    @Test
    void sums_delivered_beside_requested_over_completed_requests_only() {
        ReplayFidelity f = ReplayFidelity.of(request(RequestStatus.OK, 1000, 10, 400, 1001, 10, 300))
                .plus(ReplayFidelity.of(request(RequestStatus.OK, 500, 20, 0, 480, 15, 0)))
                .plus(ReplayFidelity.of(request(RequestStatus.ERROR, 9000, 90, 0, 9000, 0, null)));
        assertThat(f.inputTokens()).isEqualTo(1481);
        assertThat(f.inputDeliveredRatio()).isEqualTo(1481.0 / 1500);
        assertThat(f.outputDeliveredRatio()).isEqualTo(25.0 / 30);
        assertThat(f.sharedPrefixShare()).isEqualTo(400.0 / 1500);
        assertThat(f.cacheShare()).isEqualTo(300.0 / 1481);
        assertThat(f.outputExactShare()).as("one of two got its length").isEqualTo(0.5);
        assertThat(f.inputWithinShare()).as("480 is 20 off 500, beyond max(2, 10)").isEqualTo(0.5);
        assertThat(f.summary()).isEqualTo("fidelity: input 0.99× requested, output 0.83× requested, "
                + "shareable prefix 26.7 %, served from cache 20.3 %");
    }

    @Test
    void a_server_that_reports_no_prompt_or_cache_says_not_reported() {
        ReplayFidelity f = ReplayFidelity.of(request(RequestStatus.OK, 100, 5, 0, null, 5, null));
        assertThat(f.asked()).isTrue();
        assertThat(f.inputTokens()).isNull();
        assertThat(f.summary()).isEqualTo("fidelity: input not reported, output 1.00× requested, "
                + "shareable prefix 0.0 %, served from cache not reported");
    }

    @Test
    void dataset_prompts_ask_nothing_and_have_no_ratios() {
        ReplayFidelity f = ReplayFidelity.of(request(RequestStatus.OK, null, null, null, 40, 8, null));
        assertThat(f.asked()).isFalse();
        assertThat(f.inputTokens()).isEqualTo(40);
        assertThat(f.inputDeliveredRatio()).isNull();
        assertThat(f.outputDeliveredRatio()).isNull();
    }
}

package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SendOutcomeTest {

    private static final CompletionResult PARTIAL = new CompletionResult("par", new long[] {5L}, null, null, null);

    @Test
    void a_transport_failure_keeps_its_message_and_partial_result() {
        SendOutcome o = SendOutcome.failed(new TransportException("connection reset", PARTIAL));
        assertThat(o.status()).isEqualTo(RequestStatus.ERROR);
        assertThat(o.error()).isEqualTo("connection reset");
        assertThat(o.result()).isSameAs(PARTIAL);
    }

    @Test
    void an_unexpected_failure_is_named_by_its_class_and_message() {
        assertThat(SendOutcome.unexpected(new IllegalStateException("boom")).error())
                .isEqualTo("IllegalStateException: boom");
        assertThat(SendOutcome.unexpected(new NullPointerException()).error()).isEqualTo("NullPointerException");
    }

    @Test
    void a_failure_during_a_cancel_is_the_cancels_timeout_with_the_partial_result() {
        SendOutcome o = SendOutcome.failed(new TransportException("reset", PARTIAL)).cancelledBy("drain timeout");
        assertThat(o.status()).isEqualTo(RequestStatus.TIMEOUT);
        assertThat(o.error()).isEqualTo("drain timeout");
        assertThat(o.result()).isSameAs(PARTIAL);
        assertThat(SendOutcome.INTERRUPTED.cancelledBy(null)).isSameAs(SendOutcome.INTERRUPTED);
    }

    @Test
    void a_completed_request_stays_completed_whatever_the_cancel() {
        SendOutcome done = SendOutcome.completed(PARTIAL);
        assertThat(done.cancelledBy("interrupted")).isSameAs(done);
        assertThat(done.status()).isEqualTo(RequestStatus.OK);
    }
}

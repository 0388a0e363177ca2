package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
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

    private static final RequestShape SHAPE = new RequestShape(0, java.util.Map.of("prompt", "p"));

    @Test
    void a_send_holds_a_permit_while_it_runs_and_gives_it_back() {
        Semaphore cap = new Semaphore(1);
        AtomicInteger heldDuringSend = new AtomicInteger(-1);
        Transport t = request -> {
            heldDuringSend.set(cap.availablePermits());
            return PARTIAL;
        };
        SendOutcome o = SendOutcome.send(t, SHAPE, cap, () -> { });
        assertThat(o.status()).isEqualTo(RequestStatus.OK);
        assertThat(o.result()).isSameAs(PARTIAL);
        assertThat(heldDuringSend).hasValue(0);
        assertThat(cap.availablePermits()).isEqualTo(1);
    }

    @Test
    void every_ending_of_a_send_is_an_outcome_and_the_permit_comes_back() {
        Semaphore cap = new Semaphore(1);
        SendOutcome failed = SendOutcome.send(request -> {
            throw new TransportException("reset", PARTIAL);
        }, SHAPE, cap, () -> { });
        assertThat(failed.error()).isEqualTo("reset");
        SendOutcome unexpected = SendOutcome.send(request -> {
            throw new IllegalStateException("boom");
        }, SHAPE, cap, () -> { });
        assertThat(unexpected.error()).isEqualTo("IllegalStateException: boom");
        AtomicInteger sent = new AtomicInteger();
        SendOutcome cancelled = SendOutcome.send(request -> {
            sent.incrementAndGet();
            return PARTIAL;
        }, SHAPE, cap, () -> {
            throw new InterruptedException("cancelled before dispatch");
        });
        assertThat(cancelled).isSameAs(SendOutcome.INTERRUPTED);
        assertThat(sent).hasValue(0);
        assertThat(cap.availablePermits()).isEqualTo(1);
    }

    @Test
    void without_a_cap_a_send_goes_at_once() {
        assertThat(SendOutcome.send(request -> PARTIAL, SHAPE, null, () -> { }).result()).isSameAs(PARTIAL);
    }
}

package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * What every {@link TrafficSource} guarantees. Each implementation extends this with a factory for a source of
 * {@code count} requests spread over about {@code count / 200} seconds.
 */
abstract class TrafficSourceContract {

    /** A source of exactly {@code count} requests at about 200 req/s, shaped by {@link FakeTransports#SHAPES}. */
    protected abstract TrafficSource newSource(int count, Integer concurrencyCap, RequestListener listener);

    /** The transport a test hands the source; a subclass may drive it through another seam (default: as is). */
    protected Transport transport(Transport plain) {
        return plain;
    }

    @Test
    void traffic_source_has_exactly_one_method() {
        List<Method> methods = Arrays.asList(TrafficSource.class.getDeclaredMethods());
        assertThat(methods).extracting(Method::getName).containsExactly("run");
        assertThat(newSource(1, null, RequestListener.NONE)).isInstanceOf(TrafficSource.class);
        assertThat(Modifier.isPublic(newSource(1, null, RequestListener.NONE).getClass().getModifiers())).isTrue();
    }

    @Test
    void issues_every_request_once_in_index_order() throws Exception {
        IssuerReport report = newSource(20, null, RequestListener.NONE)
                .run(transport(FakeTransports.instant()), null);
        assertThat(report.issuedCount()).isEqualTo(20);
        assertThat(report.completedCount()).isEqualTo(20);
        assertThat(report.records()).extracting(RequestRecord::index)
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 20).boxed().toList());
        assertThat(report.records()).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(RequestStatus.OK);
            assertThat(r.dispatchedAtNanos()).isGreaterThanOrEqualTo(r.issuedAtNanos());
            assertThat(r.completedAtNanos()).isGreaterThanOrEqualTo(r.dispatchedAtNanos());
        });
        for (int i = 1; i < 20; i++) {
            assertThat(report.records().get(i).issuedAtNanos())
                    .isGreaterThanOrEqualTo(report.records().get(i - 1).issuedAtNanos());
        }
        assertThat(report.dispatchLateness().count()).isEqualTo(20);
    }

    @Test
    void transport_errors_are_recorded_with_their_partial_result() throws Exception {
        IssuerReport report = newSource(10, null, RequestListener.NONE)
                .run(transport(FakeTransports.failingEvenIndexes()), null);
        assertThat(report.issuedCount()).isEqualTo(10);
        assertThat(report.completedCount()).isEqualTo(10);
        assertThat(report.errorCount()).isEqualTo(5);
        RequestRecord failed = report.records().get(4);
        assertThat(failed.status()).isEqualTo(RequestStatus.ERROR);
        assertThat(failed.error()).isEqualTo("boom 4");
        assertThat(failed.tokenTimesNanos().toArray()).containsExactly(7L, 8L);
        assertThat(failed.completedAtNanos()).isNotNull();
    }

    @Test
    void stalled_requests_time_out_at_the_drain_timeout() throws Exception {
        AtomicInteger interrupted = new AtomicInteger();
        IssuerReport report = newSource(6, null, RequestListener.NONE)
                .run(transport(FakeTransports.neverReturning(interrupted)), Duration.ofMillis(100));
        assertThat(report.issuedCount()).isEqualTo(6);
        assertThat(report.completedCount()).isZero();
        assertThat(report.timeoutCount()).isEqualTo(6);
        assertThat(interrupted).hasValue(6);
        assertThat(report.records()).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(RequestStatus.TIMEOUT);
            assertThat(r.completedAtNanos()).isNull();
            assertThat(r.dispatchedAtNanos()).isNotNull();
        });
    }

    @Test
    void listener_sees_every_terminal_record_once_even_when_records_are_not_kept() throws Exception {
        ConcurrentLinkedQueue<RequestRecord> seen = new ConcurrentLinkedQueue<>();
        IssuerReport report = newSource(12, 2, seen::add).run(transport(FakeTransports.failingEvenIndexes()), null);
        assertThat(seen).extracting(RequestRecord::index).containsExactlyInAnyOrderElementsOf(
                java.util.stream.IntStream.range(0, 12).boxed().toList());
        assertThat(report.concurrencyCap()).isEqualTo(2);
    }

    @Test
    void interrupting_run_stops_issuance_cancels_in_flight_and_throws() throws Exception {
        AtomicInteger interrupted = new AtomicInteger();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        ConcurrentLinkedQueue<RequestRecord> seen = new ConcurrentLinkedQueue<>();
        TrafficSource source = newSource(2000, null, seen::add);
        AtomicInteger sent = new AtomicInteger();
        Transport stalled = FakeTransports.neverReturning(interrupted);
        Thread runner = Thread.ofPlatform().start(() -> {
            try {
                source.run(transport(request -> {
                    sent.incrementAndGet();
                    return stalled.send(request);
                }), null);
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        // interrupt once requests are in flight (a loaded machine may take a while to issue the first one)
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (sent.get() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        runner.interrupt();
        runner.join(Duration.ofSeconds(10));
        assertThat(runner.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(seen).isNotEmpty().hasSizeLessThan(2000)
                .allSatisfy(r -> assertThat(r.status()).isEqualTo(RequestStatus.TIMEOUT));
        // every request that reached the transport was interrupted there; one cancelled before it reached the
        // transport is still written off as a timeout, so the records may outnumber the interrupted sends
        assertThat(interrupted).hasValue(sent.get());
        assertThat(seen).hasSizeGreaterThanOrEqualTo(sent.get());
    }

    @Test
    void negative_drain_timeout_is_rejected() {
        assertThatThrownBy(() -> newSource(1, null, RequestListener.NONE)
                .run(transport(FakeTransports.instant()), Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("drainTimeout");
    }
}

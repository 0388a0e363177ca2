package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Requests serialised ahead of the issuer's pacer, on a thread of their own (issue 34, item 4). */
class EncodeAheadTest {

    /** Encodes by recording which thread did it; counts bytes made, prepared and given back. */
    private static final class RecordingTransport implements ScheduledTransport {
        final Set<String> encodingThreads = ConcurrentHashMap.newKeySet();
        final List<Integer> prepared = new CopyOnWriteArrayList<>();
        final AtomicInteger encoded = new AtomicInteger();
        final AtomicInteger released = new AtomicInteger();
        final Set<Integer> failAt;
        private final ScheduledTransport inner = FakeTransports.scheduled(FakeTransports.instant());

        RecordingTransport(Set<Integer> failAt) {
            this.failAt = failAt;
        }

        @Override
        public Encoded encode(RequestShape request) throws TransportException {
            encodingThreads.add(Thread.currentThread().getName());
            if (failAt.contains(request.index())) {
                throw new TransportException("cannot encode " + request.index(), CompletionResult.EMPTY);
            }
            encoded.incrementAndGet();
            return new Encoded() {
                @Override
                public RequestShape shape() {
                    return request;
                }

                @Override
                public void release() {
                    released.incrementAndGet();
                }
            };
        }

        @Override
        public Prepared prepare(Encoded encoded) throws TransportException {
            prepared.add(encoded.shape().index());
            return inner.prepare(encoded.shape());
        }

        @Override
        public Prepared prepare(RequestShape request) {
            throw new AssertionError("the issuer prepares only what was encoded ahead");
        }

        @Override
        public CompletionResult send(RequestShape request) {
            throw new AssertionError("the scheduled path does not send");
        }
    }

    @Test
    void requests_come_out_in_order_encoded_on_the_encoder_thread() throws Exception {
        RecordingTransport transport = new RecordingTransport(Set.of(2));
        try (EncodeAhead ahead = new EncodeAhead(transport, FakeTransports.SHAPES::shape, 5)) {
            for (int i = 0; i < 5; i++) {
                EncodeAhead.Next next = ahead.next();
                assertThat(next.index()).isEqualTo(i);
                assertThat(next.shape().index()).isEqualTo(i);
                if (i == 2) {
                    assertThat(next.encoded()).isNull();
                    assertThat(next.failure()).hasMessage("cannot encode 2");
                } else {
                    assertThat(next.encoded().shape()).isSameAs(next.shape());
                    assertThat(next.failure()).isNull();
                }
            }
        }
        assertThat(transport.encodingThreads).containsExactly("joulebench-encoder");
    }

    @Test
    void a_shape_that_cannot_be_made_reaches_the_taker_at_its_index() throws Exception {
        RecordingTransport transport = new RecordingTransport(Set.of());
        IllegalStateException broken = new IllegalStateException("no row 3");
        try (EncodeAhead ahead = new EncodeAhead(transport, i -> {
            if (i == 3) {
                throw broken;
            }
            return FakeTransports.SHAPES.shape(i);
        }, 10)) {
            for (int i = 0; i < 3; i++) {
                assertThat(ahead.next().index()).isEqualTo(i);
            }
            assertThatThrownBy(ahead::next).isSameAs(broken);
        }
        assertThat(transport.encoded).hasValue(3);
    }

    @Test
    @Timeout(10)
    void it_runs_at_most_its_depth_ahead_and_close_gives_back_what_was_not_taken() throws Exception {
        RecordingTransport transport = new RecordingTransport(Set.of());
        EncodeAhead ahead = new EncodeAhead(transport, FakeTransports.SHAPES::shape, 1_000);
        ahead.next();
        ahead.next();
        // two taken, DEPTH waiting in the queue, one made and blocked on the full queue
        while (transport.encoded.get() < 2 + EncodeAhead.DEPTH + 1) {
            Thread.sleep(1);
        }
        Thread.sleep(50);
        assertThat(transport.encoded).as("never more than its depth ahead").hasValue(2 + EncodeAhead.DEPTH + 1);
        ahead.close();
        assertThat(transport.released).as("every request made and not taken, none taken")
                .hasValue(EncodeAhead.DEPTH + 1);
        ahead.close();
        assertThat(transport.released).as("idempotent").hasValue(EncodeAhead.DEPTH + 1);
    }

    @Test
    void the_issuer_writes_what_was_encoded_ahead_and_records_an_encoding_failure_at_its_instant() throws Exception {
        RecordingTransport transport = new RecordingTransport(Set.of(1));
        OpenLoopSource source = OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.poisson(500, 3L, 20)))
                .shapes(FakeTransports.SHAPES).retainRecords(true).build();
        IssuerReport report = source.run(transport, Duration.ofSeconds(5));
        assertThat(transport.encodingThreads).containsExactly("joulebench-encoder");
        assertThat(transport.prepared).hasSize(19).doesNotContain(1).isSorted();
        assertThat(report.records()).hasSize(20);
        assertThat(report.records().get(1).status()).isEqualTo(RequestStatus.ERROR);
        assertThat(report.records().get(1).error()).contains("cannot encode 1");
        assertThat(report.records().stream().filter(r -> r.status() == RequestStatus.OK)).hasSize(19);
        assertThat(transport.released).as("everything encoded was written").hasValue(0);
    }

    @Test
    void an_empty_schedule_encodes_nothing() throws Exception {
        RecordingTransport transport = new RecordingTransport(Set.of());
        new EncodeAhead(transport, FakeTransports.SHAPES::shape, 0).close();
        assertThat(transport.encoded).hasValue(0);
    }
}

package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduledTransport;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.traffic.TransportException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class LiveFeedTest {

    private static final RequestShape SHAPE = new RequestShape(0, Map.of("prompt", "x"));

    /** Records every in-flight count the feed hands over. */
    private static final class Counts implements StudyRunListener {
        final List<Integer> seen = new ArrayList<>();

        @Override
        public void inFlight(int requests) {
            seen.add(requests);
        }
    }

    @Test
    void a_scheduled_transport_stays_scheduled_and_counts_from_write_to_outcome() throws Exception {
        AtomicReference<ScheduledTransport.Callback> pending = new AtomicReference<>();
        ScheduledTransport inner = new ScheduledTransport() {
            @Override
            public CompletionResult send(RequestShape request) {
                return CompletionResult.EMPTY;
            }

            @Override
            public Prepared prepare(RequestShape request) {
                return new Prepared() {
                    @Override
                    public long write(Callback callback) {
                        pending.set(callback);
                        return 42L;
                    }

                    @Override
                    public void cancel() {
                    }
                };
            }
        };
        Counts counts = new Counts();
        LiveFeed feed = new LiveFeed(counts, "s");
        Transport counted = feed.counting(inner);
        assertThat(counted).isInstanceOf(ScheduledTransport.class);

        ScheduledTransport.Prepared prepared = ((ScheduledTransport) counted).prepare(SHAPE);
        feed.flush();
        AtomicReference<Object> outcome = new AtomicReference<>();
        assertThat(prepared.write(new ScheduledTransport.Callback() {
            @Override
            public void completed(CompletionResult result) {
                outcome.set(result);
            }

            @Override
            public void failed(TransportException failure) {
                outcome.set(failure);
            }
        })).isEqualTo(42L);
        feed.flush();
        pending.get().completed(CompletionResult.EMPTY);
        feed.flush();
        assertThat(outcome.get()).isSameAs(CompletionResult.EMPTY);
        assertThat(counts.seen).containsExactly(0, 1, 0);
    }

    @Test
    void a_plain_transport_is_counted_around_its_send() throws Exception {
        Counts counts = new Counts();
        LiveFeed feed = new LiveFeed(counts, "s");
        Transport counted = feed.counting(request -> {
            feed.flush();
            return CompletionResult.EMPTY;
        });
        assertThat(counted).isNotInstanceOf(ScheduledTransport.class);
        counted.send(SHAPE);
        feed.flush();
        assertThat(counts.seen).containsExactly(1, 0);
    }
}

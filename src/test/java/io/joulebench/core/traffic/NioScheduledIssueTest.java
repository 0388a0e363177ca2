package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The nio client driven by the issuer's pacer (the scheduled path), against a real loopback server. */
class NioScheduledIssueTest {

    private static final String DELTA = "data: {\"choices\":[{\"text\":\"Hel\",\"finish_reason\":null}]}\n\n";

    @Test
    void a_stalled_stream_written_from_the_pacer_times_out_at_the_drain_with_its_partial() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA);
            release.await();
        }); StreamingTransport transport = HttpClientKind.NIO.builder().baseUrl(server.baseUrl())
                .readTimeout(Duration.ofSeconds(60)).build()) {
            OpenLoopSource source = OpenLoopSource.builder()
                    .schedule(ArrivalSchedule.build(ScheduleSpec.poisson(200, 5L, 1)))
                    .shapes(FakeTransports.SHAPES).retainRecords(true).build();
            long start = System.nanoTime();
            IssuerReport report = source.run(transport, Duration.ofMillis(500));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            RequestRecord r = report.records().getFirst();
            assertThat(r.status()).isEqualTo(RequestStatus.TIMEOUT);
            assertThat(r.error()).isEqualTo("drain timeout");
            assertThat(r.writtenAtNanos()).as("written from the pacer").isNotNull();
            assertThat(r.result().tokenCount()).as("the token before the stall is kept").isEqualTo(1);
            assertThat(report.writeLateness().count()).isEqualTo(1);
        } finally {
            release.countDown();
        }
    }
}

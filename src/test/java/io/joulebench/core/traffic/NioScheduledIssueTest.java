package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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

    /**
     * A server whose accept queue is full drops SYNs, and the client's kernel sends them again 1 s, 3 s... later. The
     * pacer must not wait for that: prepare() starts the connect and returns, the write at the instant is handed to
     * the selector loop ({@code DEFERRED}), and the write's stamp is taken when the bytes actually left.
     */
    @Test
    @Timeout(30)
    void a_connection_still_opening_at_the_instant_does_not_hold_the_pacer_and_its_write_is_stamped_when_it_leaves()
            throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            URI url = URI.create("http://127.0.0.1:" + server.getLocalPort());
            List<SocketChannel> fillers = new ArrayList<>();
            for (int i = 0; i < 3; i++) { // backlog 1: two fill the accept queue, later SYNs are dropped
                SocketChannel filler = SocketChannel.open();
                filler.configureBlocking(false);
                filler.connect(server.getLocalSocketAddress());
                fillers.add(filler);
            }
            try (NioStreamingTransport transport = NioStreamingTransport.builder().baseUrl(url)
                    .readTimeout(Duration.ofSeconds(20)).build()) {
                ScheduledTransport.Prepared prepared = transport.prepare(new RequestShape(0, Map.of("prompt", "x")));
                CompletableFuture<Long> written = new CompletableFuture<>();
                CompletableFuture<CompletionResult> outcome = new CompletableFuture<>();
                long returned = prepared.write(new ScheduledTransport.Callback() {
                    @Override
                    public void written(long writtenAtNanos) {
                        written.complete(writtenAtNanos);
                    }

                    @Override
                    public void completed(CompletionResult result) {
                        outcome.complete(result);
                    }

                    @Override
                    public void failed(TransportException failure) {
                        outcome.completeExceptionally(failure);
                    }
                });
                assertThat(returned).as("the connection was still opening").isEqualTo(ScheduledTransport.DEFERRED);
                for (SocketChannel filler : fillers) {
                    filler.close();
                }
                long accepting = System.nanoTime();
                Thread.ofVirtual().start(() -> serveEach(server));
                assertThat(outcome.get(20, TimeUnit.SECONDS).tokenCount()).isEqualTo(1);
                assertThat(written).as("the loop stamped the deferred write").isDone();
                assertThat(written.get()).isGreaterThan(accepting);
            }
        }
    }

    /** Accepts until closed; fillers (closed, no request) are skipped, a request gets one token and [DONE]. */
    private static void serveEach(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread.ofVirtual().start(() -> {
                    try (socket) {
                        ScriptedHttpServer.read(socket.getInputStream());
                        var out = socket.getOutputStream();
                        ScriptedHttpServer.head(out, 200, true);
                        ScriptedHttpServer.chunk(out, DELTA);
                        ScriptedHttpServer.chunk(out, "data: [DONE]\n\n");
                        ScriptedHttpServer.lastChunk(out);
                        socket.getInputStream().read(); // until the client closes or the test ends
                    } catch (IOException e) {
                        // a filler closed without a request
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }
}

package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Capacity of one engine: closed-loop clients (java.net.http, HTTP/1.1, one virtual thread each) stream short
 * completions (max_tokens 4, zero prefill and step time) as fast as the server answers, in this one JVM. Run:
 * {@code ./mvnw -o -q test -Dtest=EngineCapacityBench -Dsurefire.excludedGroups=soak} (properties
 * {@code bench.clients}, {@code bench.seconds}, {@code bench.stepSeconds}) or its main {@code [clients] [seconds]}.
 */
@Tag("bench")
class EngineCapacityBench {

    static final String BODY = "{\"prompt\":\"How much energy does one token take?\",\"max_tokens\":4,"
            + "\"stream\":true,\"stream_options\":{\"include_usage\":true}}";

    @Test
    void streamed_short_requests_per_second() throws Exception {
        double rate = measure(Integer.getInteger("bench.clients", 32), Duration.ofSeconds(3),
                Duration.ofSeconds(Long.getLong("bench.seconds", 10)));
        assertThat(rate).isPositive();
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 32;
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 10;
        measure(clients, Duration.ofSeconds(3), Duration.ofSeconds(seconds));
    }

    static double measure(int clients, Duration warmup, Duration window) throws Exception {
        EngineOptions options = EngineOptions.builder().override("prefill_s_per_token", 0)
                .override("decode_base_s", Double.parseDouble(System.getProperty("bench.stepSeconds", "0"))).override("decode_per_seq_s", 0).override("max_num_seqs", 256).build();
        try (RunningEngine engine = ReferenceEngine.start(options);
             HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            URI uri = engine.baseUrl().resolve("/v1/completions");
            HttpRequest request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(BODY))
                    .header("Content-Type", "application/json").build();
            AtomicLong done = new AtomicLong();
            AtomicLong failed = new AtomicLong();
            long end = System.nanoTime() + warmup.toNanos() + window.toNanos();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    while (System.nanoTime() < end) {
                        try {
                            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() == 200 && r.body().endsWith("data: [DONE]\n\n")) {
                                done.incrementAndGet();
                            } else {
                                failed.incrementAndGet();
                            }
                        } catch (Exception e) {
                            failed.incrementAndGet();
                        }
                    }
                }));
            }
            Thread.sleep(warmup.toMillis());
            long startCount = done.get();
            long startNanos = System.nanoTime();
            Thread.sleep(window.toMillis());
            double rate = (done.get() - startCount) / ((System.nanoTime() - startNanos) / 1e9);
            for (Thread t : threads) {
                t.join();
            }
            System.out.printf("engine capacity: %.0f streamed requests/s (%d clients, %d s window, %d failed, "
                    + "%d CPUs)%n", rate, clients, window.toSeconds(), failed.get(),
                    Runtime.getRuntime().availableProcessors());
            return rate;
        }
    }
}

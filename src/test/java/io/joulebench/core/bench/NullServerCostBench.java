package io.joulebench.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.OpenAiStreamingTransport;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduleSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Server CPU per request of the NIO {@link NullServer} versus the same endpoint on {@code com.sun.net.httpserver}
 * (dispatcher + a 2-thread executor), both driven by the real issuer at the same rate; CPU = the server threads' CPU
 * time (ThreadMXBean). Run with {@code ./mvnw test -Dtest=NullServerCostBench -Dsurefire.excludedGroups= -Dgroups=bench}.
 */
@Tag("bench")
class NullServerCostBench {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final double RATE = Double.parseDouble(System.getProperty("cost.rate", "2000"));
    private static final double SECONDS = Double.parseDouble(System.getProperty("cost.seconds", "5"));

    @Test
    void nio_versus_jdk_http_server() throws Exception {
        for (int round = 0; round < 2; round++) {
            try (NullServer nio = NullServer.start(0)) {
                long id = nio.thread().threadId();
                report("NIO NullServer", drive(nio.baseUrl(), () -> THREADS.getThreadCpuTime(id)));
            }
            HttpServer jdk = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
            ExecutorService pool = Executors.newFixedThreadPool(2, Thread.ofPlatform().name("jdk-null-", 0).factory());
            jdk.setExecutor(pool);
            jdk.createContext("/v1/completions", exchange -> answer(exchange, NullResponses.TOKEN_CHUNK
                    + NullResponses.USAGE_CHUNK + NullResponses.DONE));
            jdk.start();
            try {
                report("com.sun.net.httpserver", drive("http://127.0.0.1:" + jdk.getAddress().getPort(),
                        NullServerCostBench::jdkServerCpu));
            } finally {
                jdk.stop(0);
                pool.shutdownNow();
            }
        }
    }

    private record Cost(IssuerReport report, long serverCpuNanos, double wallSeconds) {
    }

    private static Cost drive(String url, LongSupplier serverCpu) throws Exception {
        try (OpenAiStreamingTransport transport = OpenAiStreamingTransport.builder().baseUrl(URI.create(url))
                .keepText(false).build()) {
            OpenLoopSource warm = source(1.0);
            warm.run(transport, Duration.ofSeconds(30));
            long cpu0 = serverCpu.getAsLong();
            long t0 = System.nanoTime();
            IssuerReport report = source(SECONDS).run(transport, Duration.ofSeconds(30));
            return new Cost(report, serverCpu.getAsLong() - cpu0, (System.nanoTime() - t0) / 1e9);
        }
    }

    private static OpenLoopSource source(double seconds) {
        return OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(RATE,
                        io.joulebench.core.traffic.ArrivalProcess.POISSON, 1, 5L, seconds)))
                .shapes(i -> new RequestShape(i, IssuanceBench.PAYLOAD)).retainRecords(false).build();
    }

    private static void report(String name, Cost cost) {
        IssuerReport r = cost.report();
        assertThat(r.completedCount() - r.errorCount()).isEqualTo(r.issuedCount());
        System.out.printf(Locale.ROOT, "%-24s %d requests at %.0f req/s: server CPU %.1f us/request, %.1f %% of one core%n",
                name, r.issuedCount(), RATE, cost.serverCpuNanos() / 1e3 / r.issuedCount(),
                100.0 * cost.serverCpuNanos() / 1e9 / cost.wallSeconds());
    }

    private static long jdkServerCpu() {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("jdk-null-") || t.getName().startsWith("HTTP-Dispatcher")) {
                sum += Math.max(0, THREADS.getThreadCpuTime(t.threadId()));
            }
        }
        return sum;
    }

    private static void answer(HttpExchange exchange, String body) throws IOException {
        exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}

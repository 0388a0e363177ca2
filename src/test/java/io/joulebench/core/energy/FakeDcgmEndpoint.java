package io.joulebench.core.energy;

import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A Prometheus endpoint on 127.0.0.1 whose body the test drives: by default, DCGM-exporter metrics of
 * {@link ModelGpuMeter} GPUs at the clock's current time, like the reference engine's {@code /metrics}.
 */
public final class FakeDcgmEndpoint implements AutoCloseable {

    private final HttpServer server;
    private volatile Supplier<String> body;

    public FakeDcgmEndpoint(Supplier<String> body) {
        this.body = body;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/metrics", exchange -> {
            byte[] bytes = this.body.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    /** The reference engine's shape: DCGM names plus ground truth, constant power per GPU, 100 ms counter. */
    public static FakeDcgmEndpoint engine(Clock clock, double... watts) {
        ModelGpuMeter model = new ModelGpuMeter(clock, watts, 0, 1, Duration.ofMillis(100), Duration.ofMillis(37),
                true);
        return new FakeDcgmEndpoint(() -> metrics(model, clock.nanoTime(), true, 0));
    }

    static FakeDcgmEndpoint of(ModelGpuMeter model, Clock clock, boolean truth) {
        return new FakeDcgmEndpoint(() -> metrics(model, clock.nanoTime(), truth, 0));
    }

    /** DCGM-exporter text for the model's GPUs at {@code t}; {@code truth} adds the engine's ground truth. */
    static String metrics(ModelGpuMeter model, long t, boolean truth, long throttleReasons) {
        StringBuilder b = new StringBuilder();
        b.append("# HELP DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION Total energy consumption since boot (in mJ).\n");
        b.append("# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter\n");
        int n = model.devices().size();
        for (int d = 0; d < n; d++) {
            String labels = String.format(Locale.ROOT,
                    "{gpu=\"%d\",UUID=\"GPU-5e0a%04d\",device=\"nvidia%d\",modelName=\"Simulated H100\"}", d, d, d);
            b.append("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION").append(labels).append(' ')
                    .append((long) Math.floor(model.counterJ(d, t) * 1000)).append('\n');
            b.append("DCGM_FI_DEV_POWER_USAGE").append(labels).append(' ')
                    .append(String.format(Locale.ROOT, "%.3f", model.powerW(d, t))).append('\n');
            b.append("DCGM_FI_DEV_GPU_TEMP").append(labels).append(" 61\n");
            b.append("DCGM_FI_DEV_CLOCKS_EVENT_REASONS").append(labels).append(' ').append(throttleReasons)
                    .append('\n');
            if (truth) {
                b.append("joulebench_sim_true_energy_joules_total{gpu=\"").append(d).append("\"} ")
                        .append(String.format(Locale.ROOT, "%.9f", model.truthJ(d, t))).append('\n');
            }
        }
        b.append("vllm:num_requests_running 3\n");
        return b.toString();
    }

    public void body(Supplier<String> newBody) {
        this.body = newBody;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

package io.joulebench.core.energy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Prometheus' HTTP API as a test drives it: series (labels and a value as a function of Unix time) sampled every
 * {@code step} seconds on a fixed grid; {@code /api/v1/query} answers a selector with each series' latest sample at
 * or before {@code time}, and {@code selector[Ns]} with its raw samples in {@code (time − N, time]}. Every series
 * answers every selector (the test decides which ones Prometheus would match). {@code /api/v1/targets} lists one
 * target with {@link #targetScrapeInterval} (null: none listed). Records the last Authorization header.
 */
public final class FakePrometheus implements AutoCloseable {

    record Series(Map<String, String> labels, DoubleUnaryOperator value) {
    }

    private static final Pattern RANGE = Pattern.compile("^(.*)\\[(\\d+)s]$", Pattern.DOTALL);

    private final HttpServer server;
    private final double step;
    final List<Series> series = new ArrayList<>();
    public volatile String targetScrapeInterval;
    volatile String lastAuthorization;
    volatile int queries;

    public FakePrometheus(double step) {
        this.step = step;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/api/v1/query", this::query);
        server.createContext("/api/v1/targets", ex -> {
            String targets = targetScrapeInterval == null ? "" : "{\"labels\":{\"job\":\"dcgm\",\"instance\":"
                    + "\"node-a:9400\"},\"scrapeInterval\":\"" + targetScrapeInterval + "\"}";
            send(ex, 200, "{\"status\":\"success\",\"data\":{\"activeTargets\":[" + targets + "]}}");
        });
        server.start();
    }

    /** A dcgm-exporter-shaped series of pod {@code pod}, GPU {@code gpu}. */
    public FakePrometheus add(String metric, String pod, int gpu, DoubleUnaryOperator value) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("__name__", metric);
        labels.put("gpu", String.valueOf(gpu));
        labels.put("UUID", "GPU-" + gpu);
        labels.put("pod", pod);
        labels.put("job", "dcgm");
        labels.put("instance", "node-a:9400");
        series.add(new Series(labels, value));
        return this;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void query(HttpExchange ex) throws IOException {
        queries++;
        lastAuthorization = ex.getRequestHeaders().getFirst("Authorization");
        Map<String, String> params = new LinkedHashMap<>();
        for (String kv : ex.getRequestURI().getRawQuery().split("&")) {
            String[] p = kv.split("=", 2);
            params.put(p[0], URLDecoder.decode(p[1], StandardCharsets.UTF_8));
        }
        double time = Double.parseDouble(params.get("time"));
        Matcher range = RANGE.matcher(params.get("query"));
        List<String> results = new ArrayList<>();
        for (Series s : series) {
            String metric = s.labels().entrySet().stream()
                    .map(e -> "\"" + e.getKey() + "\":\"" + e.getValue() + "\"").collect(Collectors.joining(","));
            double last = Math.floor(time / step) * step;
            if (range.matches()) {
                double from = time - Integer.parseInt(range.group(2));
                List<String> points = new ArrayList<>();
                for (double t = Math.floor(from / step) * step; t <= last + 1e-9; t += step) {
                    if (t > from) {
                        points.add(point(t, s.value().applyAsDouble(t)));
                    }
                }
                results.add("{\"metric\":{" + metric + "},\"values\":[" + String.join(",", points) + "]}");
            } else {
                results.add("{\"metric\":{" + metric + "},\"value\":" + point(last, s.value().applyAsDouble(last)) + "}");
            }
        }
        send(ex, 200, "{\"status\":\"success\",\"data\":{\"resultType\":\"" + (range.matches() ? "matrix" : "vector")
                + "\",\"result\":[" + String.join(",", results) + "]}}");
    }

    private static String point(double t, double v) {
        return String.format(Locale.ROOT, "[%.3f,\"%s\"]", t, Double.toString(v));
    }

    static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

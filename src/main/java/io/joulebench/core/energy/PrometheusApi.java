package io.joulebench.core.energy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The few calls of Prometheus' HTTP API a Prometheus energy source needs ({@code /api/v1/query} with an instant or a
 * range selector, {@code /api/v1/targets}), on the JDK client with Jackson. Every failure is a {@link MeterException}
 * whose message is a sentence naming the URL and the cause: unreachable, not a Prometheus, credentials refused, a
 * query Prometheus rejects.
 */
final class PrometheusApi implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String authorization;
    private final Duration timeout;
    private final HttpClient http;

    /** @param authorization the {@code Authorization} header's value, or null */
    PrometheusApi(URI base, String authorization, Duration timeout) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
        this.authorization = authorization;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The URL for messages (the configured one; credentials never live in it). */
    URI url() {
        return base;
    }

    /** The series {@code promql} selects at {@code atUnixSeconds}, each with its samples in time order. */
    List<PrometheusSeries> query(String promql, double atUnixSeconds) {
        JsonNode data = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
                + "&time=" + String.format(Locale.ROOT, "%.3f", atUnixSeconds), promql);
        List<PrometheusSeries> out = new ArrayList<>();
        for (JsonNode r : data.path("result")) {
            Map<String, String> labels = new TreeMap<>();
            r.path("metric").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
            List<PrometheusSeries.Point> points = new ArrayList<>();
            if (r.has("values")) {
                r.path("values").forEach(v -> points.add(point(v)));
            } else if (r.has("value")) {
                points.add(point(r.path("value")));
            }
            out.add(new PrometheusSeries(labels, points));
        }
        return out;
    }

    /**
     * The scrape interval of the targets carrying {@code job}/{@code instance} labels as a series' do: the longest
     * among those named, or empty when Prometheus does not list them (a remote-written series, a federated one).
     */
    Optional<Duration> scrapeInterval(List<Map<String, String>> seriesLabels) {
        JsonNode data = get("/api/v1/targets?state=active", null);
        Duration longest = null;
        for (JsonNode t : data.path("activeTargets")) {
            String job = t.path("labels").path("job").asText(null);
            String instance = t.path("labels").path("instance").asText(null);
            boolean named = seriesLabels.stream().anyMatch(l -> job != null && job.equals(l.get("job"))
                    && instance != null && instance.equals(l.get("instance")));
            Duration d = named ? parseDuration(t.path("scrapeInterval").asText("")) : null;
            if (d != null && (longest == null || d.compareTo(longest) > 0)) {
                longest = d;
            }
        }
        return Optional.ofNullable(longest);
    }

    /** Prometheus' duration syntax as targets report it: {@code 15s}, {@code 1m}, {@code 1m30s}, {@code 500ms}. */
    static Duration parseDuration(String text) {
        var m = java.util.regex.Pattern.compile("(\\d+)(ms|s|m|h|d)").matcher(text);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
            end = m.end();
        }
        return end == 0 || end != text.length() ? null : total;
    }

    private static PrometheusSeries.Point point(JsonNode pair) {
        return new PrometheusSeries.Point(pair.path(0).asDouble(), parseValue(pair.path(1).asText()));
    }

    private static double parseValue(String v) {
        return switch (v) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(v);
        };
    }

    private JsonNode get(String pathAndQuery, String promql) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(timeout).GET();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        HttpResponse<String> response;
        try {
            response = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new MeterException("Prometheus at " + base + " is unreachable (" + reason(e) + "): check"
                    + " measurement.prometheus.url, or forward it here with kubectl port-forward", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MeterException("interrupted while asking Prometheus at " + base, e);
        }
        if (response.statusCode() == 401 || response.statusCode() == 403) {
            throw new MeterException("Prometheus at " + base + " refused the credentials (HTTP " + response.statusCode()
                    + "): check the environment variable named by measurement.prometheus.auth");
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            body = null;
        }
        if (body == null || !body.isObject() || !body.has("status")) {
            throw new MeterException(base + " is not a Prometheus server: " + pathAndQuery.split("\\?")[0]
                    + " answered HTTP " + response.statusCode() + " without Prometheus' JSON; the URL must be"
                    + " Prometheus' base URL (e.g. http://localhost:9090), not an exporter's /metrics");
        }
        if (!"success".equals(body.path("status").asText())) {
            throw new MeterException("Prometheus at " + base + " rejected " + (promql == null ? "the request"
                    : "the query " + promql) + ": " + body.path("error").asText(body.path("errorType").asText("")));
        }
        return body.path("data");
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
    }

    @Override
    public void close() {
        http.close();
    }
}

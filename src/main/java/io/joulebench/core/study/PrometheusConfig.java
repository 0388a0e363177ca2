package io.joulebench.core.study;

import io.joulebench.core.WireName;
import io.joulebench.core.energy.PrometheusSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * {@code measurement.prometheus}: where the cluster's Prometheus is, the query selecting one series per device, its
 * unit and kind, the scrape interval to assume when Prometheus' targets do not say, and the names of the environment
 * variables that hold credentials (the credentials themselves are never in the study or the results).
 */
public record PrometheusConfig(String url, String query, String unit, String kind, Double scrapeIntervalSeconds,
                               String bearerEnv, String userEnv, String passwordEnv) {

    public static final String KEY = "measurement.prometheus";

    /** The settings to open the source with, the credentials read from {@code env} now. */
    public PrometheusSettings settings(Map<String, String> env) {
        PrometheusSettings.Unit u = PrometheusSettings.Unit.fromWire(unit == null ? "mJ" : unit).orElseThrow();
        PrometheusSettings.Kind k = WireName.parse(PrometheusSettings.Kind.class, kind == null ? "counter" : kind).orElseThrow();
        return PrometheusSettings.of(URI.create(url), query, u).withKind(k)
                .withScrapeInterval(scrapeIntervalSeconds == null ? null
                        : Duration.ofMillis(Math.round(scrapeIntervalSeconds * 1000)))
                .withAuthorization(PrometheusSettings.authorization(bearerEnv, userEnv, passwordEnv, env, KEY + ".auth"));
    }
}

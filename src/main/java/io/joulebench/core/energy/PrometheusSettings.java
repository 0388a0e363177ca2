package io.joulebench.core.energy;

import io.joulebench.core.WireName;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@code prometheus} energy source asks and how to read the answer ({@code measurement.prometheus} in a
 * study, {@code --prometheus-*} on {@code joulebench meter}).
 *
 * @param url            Prometheus' base URL
 * @param query          a PromQL selector of one series per device: an energy counter, or a power gauge for
 *                       {@link Kind#POWER}
 * @param unit           the counter's unit (ignored for a power gauge, which is in watts)
 * @param kind           counter (the default) or a power gauge to integrate
 * @param scrapeInterval the targets' scrape interval when Prometheus' target metadata does not say; null = unknown
 * @param authorization  the {@code Authorization} header, built from the environment; null = none. Never written.
 * @param timeout        per request
 */
public record PrometheusSettings(URI url, String query, Unit unit, Kind kind, Duration scrapeInterval,
                                 String authorization, Duration timeout) {

    /** Assumed when neither Prometheus' targets nor the study say: the interval of many cluster setups. */
    public static final Duration DEFAULT_SCRAPE_INTERVAL = Duration.ofSeconds(30);

    /** dcgm-exporter's {@code DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION} is in mJ; RAPL and Kepler counters in J. */
    public enum Unit implements WireName {
        MJ("mJ", 1e-3), J("J", 1.0);

        private final String wire;
        private final double joules;

        Unit(String wire, double joules) {
            this.wire = wire;
            this.joules = joules;
        }

        @Override
        public String wire() {
            return wire;
        }

        /** Joules per unit. */
        public double joules() {
            return joules;
        }

        public static Optional<Unit> fromWire(String s) {
            return WireName.parse(Unit.class, s);
        }
    }

    /** What the query's series are. */
    public enum Kind implements WireName {
        /** A cumulative energy counter: window energy is its increase between the edges. */
        COUNTER,
        /** A power gauge in watts (e.g. {@code DCGM_FI_DEV_POWER_USAGE}): integrated, never a counter. */
        POWER
    }

    public PrometheusSettings {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(timeout, "timeout");
        if (query.isBlank()) {
            throw new IllegalArgumentException("the Prometheus query is empty");
        }
        if (scrapeInterval != null && !scrapeInterval.isPositive()) {
            throw new IllegalArgumentException("the scrape interval must be > 0");
        }
    }

    public static PrometheusSettings of(URI url, String query, Unit unit) {
        return new PrometheusSettings(url, query, unit, Kind.COUNTER, null, null, Duration.ofSeconds(5));
    }

    public PrometheusSettings withKind(Kind k) {
        return new PrometheusSettings(url, query, unit, k, scrapeInterval, authorization, timeout);
    }

    public PrometheusSettings withScrapeInterval(Duration d) {
        return new PrometheusSettings(url, query, unit, kind, d, authorization, timeout);
    }

    public PrometheusSettings withAuthorization(String header) {
        return new PrometheusSettings(url, query, unit, kind, scrapeInterval, header, timeout);
    }

    /**
     * The {@code Authorization} header from the environment: bearer from {@code bearerVar}, or basic from
     * {@code userVar} and {@code passwordVar}; null when no variable is named. A named variable that is not set is
     * an {@link IllegalArgumentException} naming it and {@code key}.
     */
    public static String authorization(String bearerVar, String userVar, String passwordVar, Map<String, String> env,
                                       String key) {
        if (bearerVar != null) {
            return "Bearer " + required(bearerVar, env, key);
        }
        if (userVar == null && passwordVar == null) {
            return null;
        }
        if (userVar == null || passwordVar == null) {
            throw new IllegalArgumentException(key + ": basic authentication needs both a user and a password variable");
        }
        String pair = required(userVar, env, key) + ":" + required(passwordVar, env, key);
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    private static String required(String var, Map<String, String> env, String key) {
        String v = env.get(var);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("the environment variable " + var + " named by " + key + " is not set");
        }
        return v;
    }

    /** Without the credentials. */
    @Override
    public String toString() {
        return "PrometheusSettings[url=" + url + ", query=" + query + ", unit=" + unit.wire() + ", kind=" + kind.wire()
                + ", scrapeInterval=" + scrapeInterval + ", authorization=" + (authorization == null ? "none" : "set")
                + "]";
    }
}

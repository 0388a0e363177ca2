package io.joulebench.core.capacity;

import io.joulebench.core.slo.LevelMetric;
import java.util.Map;

/** Runs one probe level at a rate and reports its figures; the session supplies it (one server for the search). */
public interface Prober {

    /** The figures of a probe level: latency percentiles by metric and the share of requests that failed. */
    record Figures(Map<LevelMetric, Double> latencies, double errorFraction) {
    }

    Figures probe(double rate) throws InterruptedException;
}

package io.joulebench.core.capacity;

import io.joulebench.core.compare.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The highest rate that meets an SLO, between a minimum and a maximum, to a tolerance: probe the minimum (if it
 * fails there is no capacity in range), probe the maximum (if it passes the capacity is at least the maximum), then
 * bisect the bracket [highest passing, lowest failing] until it is no wider than the tolerance. Bisection because a
 * server's latency is monotone in load only on average: it needs no model of the latency curve, and each probe halves
 * the bracket whatever the curve's shape, so (max − min)/tolerance = 64 costs 2 + 6 probes. The capacity reported is
 * the bracket's low end (a rate that was seen to meet the SLO), never an interpolation.
 *
 * @param minRate          lowest rate searched, req/s
 * @param maxRate          highest rate searched, req/s
 * @param tolerance        the widest final bracket, req/s
 * @param slo              latency bounds (percentiles at most a limit)
 * @param maxErrorFraction a probe with a larger share of failed requests fails; null: not judged
 */
public record CapacitySearch(double minRate, double maxRate, double tolerance, Slo slo, Double maxErrorFraction) {

    public CapacitySearch {
        if (!(minRate > 0) || !(maxRate > minRate) || !(tolerance > 0)) {
            throw new IllegalArgumentException("need 0 < min rate < max rate and tolerance > 0");
        }
        if (slo == null || slo.isEmpty()) {
            throw new IllegalArgumentException("a capacity search needs at least one SLO bound");
        }
    }

    /** How the search ended. */
    public enum Outcome {
        /** The capacity lies in [low, high], high − low ≤ tolerance. */
        BRACKETED,
        /** Even the minimum rate broke the SLO: no capacity in range. */
        BELOW_MINIMUM,
        /** The maximum rate met the SLO: the capacity is at least the maximum. */
        AT_OR_ABOVE_MAXIMUM
    }

    /**
     * The search's path and result.
     *
     * @param capacity the highest probed rate that met the SLO (null when none did)
     */
    public record Result(List<Probe> path, Outcome outcome, Double capacity, double bracketLow, double bracketHigh) {

        public Result {
            path = List.copyOf(path);
        }

        /** The rates to measure with full windows: the capacity times each fraction (e.g. 1, 0.75, 0.5). */
        public List<Double> measuredRates(List<Double> fractions) {
            List<Double> out = new ArrayList<>();
            if (capacity != null) {
                for (double f : fractions) {
                    out.add(capacity * f);
                }
            }
            return out;
        }

        /** One line per probe and one for the result, for the CLI summary. */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < path.size(); i++) {
                Probe p = path.get(i);
                out.add(String.format(Locale.ROOT, "probe %d: %.3g req/s, %s — %s", i + 1, p.rate(), p.figures()
                        .entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                        .map(e -> e.getKey().column() + " " + String.format(Locale.ROOT, "%.1f", e.getValue()))
                        .reduce((a, b) -> a + ", " + b).orElse("no figures"),
                        p.meets() ? "meets the SLO" : "breaks it (" + String.join("; ", p.violations()) + ")"));
            }
            out.add(switch (outcome) {
                case BRACKETED -> String.format(Locale.ROOT, "capacity %.3g req/s (bracket %.3g–%.3g req/s)",
                        capacity, bracketLow, bracketHigh);
                case BELOW_MINIMUM -> String.format(Locale.ROOT, "no capacity: %.3g req/s already breaks the SLO",
                        bracketHigh);
                case AT_OR_ABOVE_MAXIMUM -> String.format(Locale.ROOT,
                        "capacity at least %.3g req/s (the maximum searched)", bracketLow);
            });
            return out;
        }
    }

    public Result run(Prober prober) throws InterruptedException {
        return run(prober, p -> { });
    }

    /**
     * Runs the search, telling {@code progress} after every probe (the bracket after it) and once at the end (with
     * the result set).
     */
    public Result run(Prober prober, Consumer<SearchProgress> progress) throws InterruptedException {
        List<Probe> path = new ArrayList<>();
        Probe low = probe(prober, minRate, path);
        if (!low.meets()) {
            progress.accept(new SearchProgress(this, path, 0, minRate, null));
            return finish(new Result(path, Outcome.BELOW_MINIMUM, null, 0, minRate), progress);
        }
        progress.accept(new SearchProgress(this, path, minRate, Double.POSITIVE_INFINITY, null));
        Probe high = probe(prober, maxRate, path);
        if (high.meets()) {
            progress.accept(new SearchProgress(this, path, maxRate, Double.POSITIVE_INFINITY, null));
            return finish(new Result(path, Outcome.AT_OR_ABOVE_MAXIMUM, maxRate, maxRate, Double.POSITIVE_INFINITY),
                    progress);
        }
        double lo = minRate;
        double hi = maxRate;
        progress.accept(new SearchProgress(this, path, lo, hi, null));
        while (hi - lo > tolerance) {
            double mid = (lo + hi) / 2;
            if (probe(prober, mid, path).meets()) {
                lo = mid;
            } else {
                hi = mid;
            }
            progress.accept(new SearchProgress(this, path, lo, hi, null));
        }
        return finish(new Result(path, Outcome.BRACKETED, lo, lo, hi), progress);
    }

    private Result finish(Result result, Consumer<SearchProgress> progress) {
        progress.accept(new SearchProgress(this, result.path(), result.bracketLow(), result.bracketHigh(), result));
        return result;
    }

    private Probe probe(Prober prober, double rate, List<Probe> path) throws InterruptedException {
        Prober.Figures f = prober.probe(rate);
        List<String> violations = new ArrayList<>(slo.violations(f.latencies()));
        if (maxErrorFraction != null && f.errorFraction() > maxErrorFraction) {
            violations.add(String.format(Locale.ROOT, "errors %.1f %% > %.1f %%", 100 * f.errorFraction(),
                    100 * maxErrorFraction));
        }
        Probe p = new Probe(rate, f.latencies(), f.errorFraction(), violations);
        path.add(p);
        return p;
    }
}

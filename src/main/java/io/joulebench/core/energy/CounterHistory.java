package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * One counter series' raw samples as they arrive from Prometheus, and the counter's value at any instant between
 * them: linear interpolation of the reset-adjusted counter. A reset is handled as Prometheus' {@code increase} does:
 * a sample below its predecessor means the counter restarted from zero, so the predecessor's value is added to
 * everything after it (the energy between the last sample before the reset and the restart is not seen). The
 * difference of two values is therefore the counter's increase between the instants, with resets counted.
 */
final class CounterHistory {

    private final TreeMap<Double, Double> raw = new TreeMap<>();

    /** Adds samples (Unix seconds → value); one already known is kept as it was. Non-finite values are skipped. */
    void add(List<PrometheusSeries.Point> points) {
        for (PrometheusSeries.Point p : points) {
            if (Double.isFinite(p.v())) {
                raw.putIfAbsent(p.t(), p.v());
            }
        }
    }

    boolean isEmpty() {
        return raw.isEmpty();
    }

    /** The latest sample's time (Unix seconds), or NaN without samples. */
    double lastSampleTime() {
        return raw.isEmpty() ? Double.NaN : raw.lastKey();
    }

    /** Whether a sample exists at or after {@code t}, so the value at {@code t} is bracketed. */
    boolean hasSampleAtOrAfter(double t) {
        return raw.ceilingKey(t) != null;
    }

    /** Whether a sample exists at or before {@code t}. */
    boolean hasSampleAtOrBefore(double t) {
        return raw.floorKey(t) != null;
    }

    /**
     * The reset-adjusted counter at {@code t}: interpolated between the samples either side, or the nearest sample's
     * value when {@code t} lies outside them; empty without samples.
     */
    OptionalDouble valueAt(double t) {
        if (raw.isEmpty()) {
            return OptionalDouble.empty();
        }
        TreeMap<Double, Double> adjusted = adjusted();
        Map.Entry<Double, Double> before = adjusted.floorEntry(t);
        Map.Entry<Double, Double> after = adjusted.ceilingEntry(t);
        if (before == null) {
            return OptionalDouble.of(after.getValue());
        }
        if (after == null || after.getKey().equals(before.getKey())) {
            return OptionalDouble.of(before.getValue());
        }
        double share = (t - before.getKey()) / (after.getKey() - before.getKey());
        return OptionalDouble.of(before.getValue() + share * (after.getValue() - before.getValue()));
    }

    /** The times (Unix seconds) of the samples that came in below their predecessor, in {@code (from, to]}. */
    List<Double> resetsBetween(double from, double to) {
        List<Double> resets = new ArrayList<>();
        Double previous = null;
        for (var e : raw.entrySet()) {
            if (previous != null && e.getValue() < previous && e.getKey() > from && e.getKey() <= to) {
                resets.add(e.getKey());
            }
            previous = e.getValue();
        }
        return resets;
    }

    /** The latest two samples' slope in units per second, or empty with fewer than two. */
    OptionalDouble latestSlope() {
        if (raw.size() < 2) {
            return OptionalDouble.empty();
        }
        var last = raw.lastEntry();
        var prior = raw.lowerEntry(last.getKey());
        double dv = last.getValue() >= prior.getValue() ? last.getValue() - prior.getValue() : last.getValue();
        return OptionalDouble.of(dv / (last.getKey() - prior.getKey()));
    }

    private TreeMap<Double, Double> adjusted() {
        TreeMap<Double, Double> out = new TreeMap<>();
        double add = 0;
        Double previous = null;
        for (var e : raw.entrySet()) {
            if (previous != null && e.getValue() < previous) {
                add += previous;
            }
            out.put(e.getKey(), e.getValue() + add);
            previous = e.getValue();
        }
        return out;
    }
}

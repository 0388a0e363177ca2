package io.joulebench.core.slo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A service-level objective for the operating point: bounds on level metrics, e.g. {@code ttft_p99_ms ≤ 500} and
 * {@code goodput_tokens_s ≥ 100}. A level meets it when its worst window meets every bound (every window does),
 * although the figure a level shows is the mean over its windows. No bounds: every level
 * meets it.
 */
public record Slo(List<Bound> bounds) {

    public static final Slo NONE = new Slo(List.of());

    public Slo {
        bounds = List.copyOf(bounds);
    }

    /** One bound: latencies at most {@code limit}, goodput and attainment at least {@code limit}. */
    public record Bound(LevelMetric metric, double limit) {

        public boolean meets(double value) {
            return metric.lowerIsBetter() ? value <= limit : value >= limit;
        }

        @Override
        public String toString() {
            return metric.column() + (metric.lowerIsBetter() ? " ≤ " : " ≥ ") + number(limit);
        }
    }

    /**
     * Parses {@code key=value[,key=value…]} with keys from {@link LevelMetric}; blank is {@link #NONE}.
     *
     * @throws SloFormatException naming the key or value that is wrong
     */
    public static Slo parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Bound> bounds = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new SloFormatException("--slo: '" + p + "' is not key=value (e.g. ttft_p99_ms=500)");
            }
            String key = p.substring(0, eq).trim();
            LevelMetric metric = LevelMetric.byName(key).orElseThrow(() -> new SloFormatException(
                    "--slo: unknown key '" + key + "'; known keys: " + LevelMetric.keys()));
            String value = p.substring(eq + 1).trim();
            double limit;
            try {
                limit = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new SloFormatException("--slo: " + key + " = '" + value + "' is not a number");
            }
            if (!Double.isFinite(limit) || limit < 0) {
                throw new SloFormatException("--slo: " + key + " = " + value + " must be a number ≥ 0");
            }
            if (bounds.stream().anyMatch(b -> b.metric() == metric)) {
                throw new SloFormatException("--slo: " + metric.column() + " is given twice");
            }
            bounds.add(new Bound(metric, limit));
        }
        return new Slo(bounds);
    }

    /** Up to 4 significant digits, as compare.Formats.number writes them (slo is a leaf: it cannot ask compare). */
    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return String.valueOf((long) v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    public boolean isEmpty() {
        return bounds.isEmpty();
    }

    /** The bounds a level's figures break (a missing figure breaks its bound); empty when it meets the SLO. */
    public List<String> violations(Map<LevelMetric, Double> figures) {
        List<String> out = new ArrayList<>();
        for (Bound b : bounds) {
            Double v = figures.get(b.metric());
            if (v == null || Double.isNaN(v)) {
                out.add(b.metric().column() + " not recorded");
            } else if (!b.meets(v)) {
                out.add(b.metric().column() + " " + number(v) + (b.metric().lowerIsBetter() ? " > " : " < ")
                        + number(b.limit()));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return bounds.isEmpty() ? "none" : bounds.stream().map(Bound::toString).collect(Collectors.joining(", "));
    }

    /** The form {@link #parse} reads back. */
    public String text() {
        return bounds.stream().map(b -> b.metric().column() + "=" + number(b.limit()))
                .collect(Collectors.joining(","));
    }
}

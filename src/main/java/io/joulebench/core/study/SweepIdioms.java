package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * upstream's numeric sweep-axis idioms, expanded to a plain list when the study is read: {@code {min, max, num}}
 * (num evenly spaced values, both ends included), {@code {log: {min, max, num}}} (log-spaced, min > 0) and
 * {@code {pow2: {min, max}}} (the powers of two within [min, max]). Values are whole numbers when both bounds are and
 * every value comes out whole, else decimals rounded to 10 significant digits; repeats after rounding collapse.
 */
final class SweepIdioms {

    static final String SUMMARY = "the idioms are {min: a, max: b, num: n} (evenly spaced), {log: {min: a, max: b, "
            + "num: n}} (log-spaced) and {pow2: {min: a, max: b}} (powers of two)";
    private static final JsonNodeFactory N = JsonNodeFactory.instance;
    private static final MathContext DIGITS = new MathContext(10);

    private SweepIdioms() {
    }

    /** The values an idiom mapping stands for; {@link IllegalArgumentException} says what is wrong with it. */
    static List<JsonNode> expand(JsonNode idiom) {
        Set<String> keys = new LinkedHashSet<>();
        idiom.fieldNames().forEachRemaining(keys::add);
        if (keys.equals(Set.of("min", "max", "num"))) {
            return linear(idiom);
        }
        if (keys.equals(Set.of("log"))) {
            return log(inner("log", idiom.get("log"), Set.of("min", "max", "num")));
        }
        if (keys.equals(Set.of("pow2"))) {
            return pow2(inner("pow2", idiom.get("pow2"), Set.of("min", "max")));
        }
        throw new IllegalArgumentException("a mapping with keys " + keys + " is not a sweep idiom; " + SUMMARY
                + "; several keys that change together go in a group (a list of mappings)");
    }

    private static JsonNode inner(String idiom, JsonNode v, Set<String> expected) {
        Set<String> keys = new LinkedHashSet<>();
        if (v != null && v.isObject()) {
            v.fieldNames().forEachRemaining(keys::add);
        }
        if (!keys.equals(expected)) {
            throw new IllegalArgumentException(idiom + " needs a mapping with exactly the keys "
                    + String.join(", ", expected.stream().sorted().toList()) + "; " + SUMMARY);
        }
        return v;
    }

    private static List<JsonNode> linear(JsonNode m) {
        double lo = bound("min", m);
        double hi = bound("max", m);
        int n = num(m);
        checkOrder(lo, hi);
        boolean whole = isWhole(m.get("min")) && isWhole(m.get("max"));
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(i == 0 ? lo : i == n - 1 ? hi : round(lo + (hi - lo) * i / (n - 1)));
        }
        return typed(values, whole);
    }

    private static List<JsonNode> log(JsonNode m) {
        double lo = bound("min", m);
        double hi = bound("max", m);
        int n = num(m);
        checkOrder(lo, hi);
        if (lo <= 0) {
            throw new IllegalArgumentException("log needs min > 0 (got " + SchemaBinder.describe(m.get("min")) + ")");
        }
        boolean whole = isWhole(m.get("min")) && isWhole(m.get("max"));
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(i == 0 ? lo : i == n - 1 ? hi : round(lo * Math.pow(hi / lo, (double) i / (n - 1))));
        }
        return typed(values, whole);
    }

    private static List<JsonNode> pow2(JsonNode m) {
        double lo = bound("min", m);
        double hi = bound("max", m);
        checkOrder(lo, hi);
        if (lo <= 0) {
            throw new IllegalArgumentException("pow2 needs min > 0 (got " + SchemaBinder.describe(m.get("min")) + ")");
        }
        List<JsonNode> out = new ArrayList<>();
        boolean allWhole = true;
        List<Double> powers = new ArrayList<>();
        for (int k = (int) Math.floor(Math.log(lo) / Math.log(2)) - 1; k <= Math.ceil(Math.log(hi) / Math.log(2)) + 1; k++) {
            double p = Math.pow(2, k);
            if (p >= lo && p <= hi) {
                powers.add(p);
                allWhole &= k >= 0;
            }
        }
        if (powers.isEmpty()) {
            throw new IllegalArgumentException("pow2: no power of two lies within [" + CanonicalJson.number(N.numberNode(lo))
                    + ", " + CanonicalJson.number(N.numberNode(hi)) + "]");
        }
        for (double p : powers) {
            out.add(allWhole ? N.numberNode((long) p) : N.numberNode(p));
        }
        return out;
    }

    /** Whole numbers when the bounds were and every value is; repeats collapse, order kept. */
    private static List<JsonNode> typed(List<Double> values, boolean wholeBounds) {
        boolean whole = wholeBounds && values.stream().allMatch(v -> v == Math.rint(v));
        Set<Double> seen = new LinkedHashSet<>(values);
        List<JsonNode> out = new ArrayList<>();
        for (double v : seen) {
            out.add(whole ? N.numberNode((long) v) : N.numberNode(v));
        }
        return out;
    }

    private static double round(double v) {
        return v == 0 ? 0 : new BigDecimal(v).round(DIGITS).doubleValue();
    }

    private static double bound(String name, JsonNode m) {
        JsonNode v = m.get(name);
        if (v == null || !v.isNumber() || !Double.isFinite(v.doubleValue())) {
            throw new IllegalArgumentException("'" + name + "' must be a finite number (got "
                    + SchemaBinder.describe(v) + ")");
        }
        return v.doubleValue();
    }

    private static int num(JsonNode m) {
        JsonNode v = m.get("num");
        if (v == null || !v.isIntegralNumber() || v.asLong() < 2 || v.asLong() > 100_000) {
            throw new IllegalArgumentException("'num' must be a whole number >= 2 (got " + SchemaBinder.describe(v) + ")");
        }
        return v.intValue();
    }

    private static void checkOrder(double lo, double hi) {
        if (lo > hi) {
            throw new IllegalArgumentException("min (" + CanonicalJson.number(N.numberNode(lo)) + ") must not exceed max ("
                    + CanonicalJson.number(N.numberNode(hi)) + ")");
        }
    }

    private static boolean isWhole(JsonNode v) {
        return v.isIntegralNumber();
    }
}

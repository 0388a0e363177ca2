package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.study.Schema.Field;
import io.joulebench.core.study.Schema.Num;
import io.joulebench.core.study.Schema.Obj;
import io.joulebench.core.study.Schema.Str;
import io.joulebench.core.traffic.TraceFormatException;
import io.joulebench.core.workload.Distribution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The one owner of a distribution's keys in a study ({@code task.input_tokens}, {@code task.output_tokens}, and any
 * later key of the same shape): its schema, its rules (which keys each distribution needs and allows, min not above
 * max, an empirical file that has the column) and its reading into a {@link Distribution}. A plain number is
 * {@code {distribution: fixed, value: N}}.
 */
public final class DistributionKeys {

    /** The keys each distribution reads besides {@code distribution}, {@code min} and {@code max}. */
    private static final Map<String, List<String>> NEEDS = Map.of(
            "fixed", List.of("value"),
            "uniform", List.of(),
            "normal", List.of("mean", "stddev"),
            "lognormal", List.of("mean", "stddev"),
            "empirical", List.of("file", "column"));
    private static final Set<String> OPTIONAL = Set.of("min", "max");

    private DistributionKeys() {
    }

    /** The schema of one distribution key; {@code floor} is the least value it may take (0 for lengths, seconds). */
    static Obj schema(double floor) {
        Map<String, Field> f = new LinkedHashMap<>();
        Num atLeastFloor = new Num(floor, false, Double.POSITIVE_INFINITY, false);
        Num spread = new Num(0, false, Double.POSITIVE_INFINITY, false);
        add(f, "distribution", new Str(Distribution.wires(), Map.of("log-normal", "lognormal", "constant", "fixed"),
                null, null), true);
        add(f, "value", atLeastFloor, false);
        add(f, "min", atLeastFloor, false);
        add(f, "max", atLeastFloor, false);
        add(f, "mean", atLeastFloor, false);
        add(f, "stddev", spread, false);
        add(f, "file", new Str(List.of(), Map.of(), null, null), false);
        add(f, "column", new Str(Distribution.Empirical.COLUMNS, Map.of(), null, null), false);
        return new Obj(f, "value");
    }

    private static void add(Map<String, Field> f, String name, Schema type, boolean required) {
        f.put(name, new Field(name, type, null, false, required, false));
    }

    /**
     * Checks a bound distribution at {@code key}: the keys its kind needs are there, no key it ignores is given,
     * {@code min ≤ max}, a lognormal's mean is above 0, and an empirical file (under {@code baseDir}) reads and has
     * the column. Missing or null nodes pass (the key is optional). {@code raw} is the node as written: a key given
     * there but dropped from the bound {@code n} already failed binding, so nothing more is said about it.
     */
    static void check(JsonNode raw, JsonNode n, String key, double defaultMin, Path baseDir,
                      BiConsumer<String, String> fail) {
        if (!n.isObject() || !raw.isObject() || raw.size() != n.size()) {
            return;
        }
        String kind = n.path("distribution").asText("");
        List<String> needs = NEEDS.get(kind);
        if (needs == null) {
            return; // the binder already reported it
        }
        int before = failures(needs, n, key, kind, fail);
        if (before > 0) {
            return;
        }
        double min = n.path("min").asDouble(defaultMin);
        double max = n.path("max").asDouble(Double.POSITIVE_INFINITY);
        if (min > max) {
            fail.accept(key + ".max", "is " + CanonicalJson.number(n.path("max")) + ", below min " + num(min)
                    + (n.has("min") ? "" : " (the default)"));
            return;
        }
        if (kind.equals("lognormal") && !(n.path("mean").asDouble() > 0)) {
            fail.accept(key + ".mean", "must be above 0 for a lognormal distribution");
        }
        if (kind.equals("empirical") && baseDir != null) {
            checkEmpirical(n, key, baseDir, fail);
        }
    }

    private static int failures(List<String> needs, JsonNode n, String key, String kind,
                                BiConsumer<String, String> fail) {
        int failed = 0;
        for (String need : needs) {
            if (!n.has(need)) {
                fail.accept(key + "." + need, "is required for distribution: " + kind);
                failed++;
            }
        }
        if (kind.equals("uniform")) {
            for (String bound : List.of("min", "max")) {
                if (!n.has(bound)) {
                    fail.accept(key + "." + bound, "is required for distribution: uniform");
                    failed++;
                }
            }
        }
        for (var it = n.fieldNames(); it.hasNext(); ) {
            String given = it.next();
            if (!given.equals("distribution") && !OPTIONAL.contains(given) && !needs.contains(given)) {
                fail.accept(key + "." + given, "does not apply to distribution: " + kind + " (it reads "
                        + String.join(", ", needs.isEmpty() ? List.of("min", "max") : needs) + ")");
                failed++;
            }
        }
        return failed;
    }

    private static void checkEmpirical(JsonNode n, String key, Path baseDir, BiConsumer<String, String> fail) {
        Distribution d = read(n, 0);
        if (!(d instanceof Distribution.Empirical e)) {
            return;
        }
        Path file = baseDir.resolve(e.file()).normalize();
        if (!Files.isRegularFile(file)) {
            fail.accept(key + ".file", "file not found: " + file);
            return;
        }
        try {
            e.resolve(baseDir);
        } catch (TraceFormatException ex) {
            fail.accept(key + (ex.getMessage().contains(" has no " + e.column()) ? ".column" : ".file"),
                    ex.getMessage());
        } catch (IOException ex) {
            fail.accept(key + ".file", "cannot read " + file + ": " + ex.getMessage());
        }
    }

    /**
     * The distribution a checked node describes, or null when the key is absent; {@code defaultMin} clips from below
     * when {@code min} is not given (1 for token lengths, 0 for seconds).
     */
    public static Distribution read(JsonNode n, double defaultMin) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            return null;
        }
        if (n.isNumber()) {
            return new Distribution.Fixed(n.asDouble(), Math.min(defaultMin, n.asDouble()), Double.POSITIVE_INFINITY);
        }
        double min = n.path("min").asDouble(defaultMin);
        double max = n.path("max").asDouble(Double.POSITIVE_INFINITY);
        return switch (n.path("distribution").asText()) {
            case "fixed" -> new Distribution.Fixed(n.path("value").asDouble(), n.has("min") ? min
                    : Math.min(min, n.path("value").asDouble()), max);
            case "uniform" -> new Distribution.Uniform(min, max);
            case "normal" -> new Distribution.Normal(n.path("mean").asDouble(), n.path("stddev").asDouble(), min, max);
            case "lognormal" -> new Distribution.LogNormal(n.path("mean").asDouble(), n.path("stddev").asDouble(),
                    min, max);
            case "empirical" -> new Distribution.Empirical(n.path("file").asText(), n.path("column").asText(), min,
                    max);
            default -> throw new IllegalArgumentException("unknown distribution " + n.path("distribution"));
        };
    }

    /**
     * The length mix a study's {@code task} node (as written or bound) describes, or null when it sets none of
     * {@code input_tokens}, {@code output_tokens}, {@code shared_prefix}: what the run draws, for previews. A node
     * that does not read as a distribution (being typed) gives null.
     */
    public static io.joulebench.core.workload.LengthMix lengthMix(JsonNode task) {
        JsonNode in = task.path("input_tokens");
        JsonNode out = task.path("output_tokens");
        JsonNode prefix = task.path("shared_prefix");
        if (in.isMissingNode() && out.isMissingNode() && prefix.isMissingNode()) {
            return null;
        }
        try {
            io.joulebench.core.workload.SharedPrefix shared = prefix.isObject()
                    ? new io.joulebench.core.workload.SharedPrefix(prefix.path("groups").asInt(),
                    prefix.path("prefix_tokens").asInt(), io.joulebench.core.workload.SharedPrefix.Assignment
                    .fromWire(prefix.path("assignment").asText()))
                    : null;
            return new io.joulebench.core.workload.LengthMix(read(in, 1), read(out, 1), shared,
                    task.path("max_input_tokens").asInt(256));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String num(double d) {
        return CanonicalJson.number(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(d));
    }
}

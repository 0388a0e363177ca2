package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The one owner of upstream's field list: llenergymeasure 0.7's keys per results file (server mode), read from
 * {@link #RESOURCE} (the {@code .md} beside it names the upstream files it was taken from). {@link #split} cuts a
 * Joulebench file into upstream's keys and the rest, because upstream's models forbid unknown keys.
 */
public final class UpstreamSchema {

    public static final String RESOURCE = "/io/joulebench/core/results/upstream-results-schema-server.json";
    private static final JsonNode SPEC = load();

    private UpstreamSchema() {
    }

    /** A file cut in two: upstream's keys, and Joulebench's own (the same nesting; empty when none). */
    public record Split(JsonNode upstream, ObjectNode extras) {
    }

    /**
     * Cuts {@code doc} (result.json, config.json, system.json or manifest.json) by upstream's keys for that file. An
     * object the schema lists keeps only its listed keys (and its listed nested objects); one it does not list (e.g.
     * {@code hardware}, {@code declared_config}) is kept whole. Extras keep their path: {@link #merge} undoes the cut.
     */
    public static Split split(String file, JsonNode doc) {
        Shape shape = shape(file);
        JsonNode kept = doc.deepCopy();
        ObjectNode extras = ResultsJson.object();
        cut(kept, shape, extras);
        return new Split(kept, extras);
    }

    /** The original file from an upstream part and its extras: {@code merge(split(f, d)) equals d}. */
    public static JsonNode merge(JsonNode upstream, JsonNode extras) {
        JsonNode out = upstream.deepCopy();
        mergeInto(out, extras);
        return out;
    }

    private static void cut(JsonNode node, Shape shape, ObjectNode extras) {
        if (!(node instanceof ObjectNode obj)) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = obj.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!shape.keys.contains(f.getKey()) && !shape.children.containsKey(f.getKey())) {
                extras.set(f.getKey(), f.getValue());
                it.remove();
            }
        }
        for (Map.Entry<String, Shape> c : shape.children.entrySet()) {
            JsonNode child = obj.get(c.getKey());
            if (child == null || child.isNull()) {
                continue;
            }
            if (c.getValue().each && child.isArray()) {
                ArrayNode perElement = ResultsJson.MAPPER.createArrayNode();
                boolean any = false;
                for (JsonNode e : child) {
                    ObjectNode x = ResultsJson.object();
                    cut(e, c.getValue(), x);
                    perElement.add(x);
                    any |= !x.isEmpty();
                }
                if (any) {
                    extras.set(c.getKey(), perElement);
                }
            } else {
                ObjectNode x = ResultsJson.object();
                cut(child, c.getValue(), x);
                if (!x.isEmpty()) {
                    extras.set(c.getKey(), x);
                }
            }
        }
    }

    private static void mergeInto(JsonNode into, JsonNode extras) {
        if (into instanceof ObjectNode obj && extras.isObject()) {
            extras.fields().forEachRemaining(f -> {
                JsonNode at = obj.get(f.getKey());
                if (at != null && (at.isObject() || at.isArray())) {
                    mergeInto(at, f.getValue());
                } else {
                    obj.set(f.getKey(), f.getValue());
                }
            });
        } else if (into instanceof ArrayNode arr && extras.isArray()) {
            for (int i = 0; i < Math.min(arr.size(), extras.size()); i++) {
                mergeInto(arr.get(i), extras.get(i));
            }
        }
    }

    /** Which keys an object keeps, and the shapes of the nested objects the schema lists. */
    private static final class Shape {
        final Set<String> keys = new HashSet<>();
        final Map<String, Shape> children = new HashMap<>();
        boolean each;
    }

    private static Shape shape(String file) {
        JsonNode spec = SPEC.get(file);
        if (spec == null || !spec.has("keys")) {
            throw new IllegalArgumentException("upstream's schema has no JSON file " + file);
        }
        Shape root = new Shape();
        spec.get("keys").forEach(k -> root.keys.add(k.asText()));
        spec.path("objects").fields().forEachRemaining(o -> {
            Shape at = root;
            for (String part : o.getKey().split("\\.")) {
                boolean each = part.endsWith("[]");
                String name = each ? part.substring(0, part.length() - 2) : part;
                at = at.children.computeIfAbsent(name, n -> new Shape());
                at.each |= each;
            }
            Shape target = at;
            o.getValue().forEach(k -> target.keys.add(k.asText()));
        });
        return root;
    }

    private static JsonNode load() {
        try (InputStream in = UpstreamSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            return ResultsJson.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

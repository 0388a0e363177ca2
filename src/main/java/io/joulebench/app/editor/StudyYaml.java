package io.joulebench.app.editor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The study tree as YAML text and back, and dotted-path access into it. Paths are plain dotted keys
 * ({@code server.traffic.rate}); the keys of {@code sweep} contain dots themselves, so sweep axes have their own
 * accessors.
 */
public final class StudyYaml {

    private static final ObjectMapper MAPPER = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build());
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StudyYaml() {
    }

    /** The mapping at the top of {@code text}; empty when it is not YAML or not a mapping. */
    public static Optional<ObjectNode> read(String text) {
        try {
            JsonNode root = MAPPER.readTree(text == null ? "" : text);
            return root instanceof ObjectNode o ? Optional.of(o) : Optional.empty();
        } catch (JsonProcessingException e) {
            // Text mid-edit is often not valid YAML; the caller keeps the last tree that was.
            return Optional.empty();
        }
    }

    /** The tree as the YAML text that will be saved. */
    public static String write(ObjectNode tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The node at a dotted path, or null when any step is missing. */
    public static JsonNode get(ObjectNode tree, String path) {
        JsonNode at = tree;
        for (String key : path.split("\\.")) {
            if (at == null || !at.isObject()) {
                return null;
            }
            at = at.get(key);
        }
        return at;
    }

    /** Sets the node at a dotted path, creating mappings on the way; a null value removes the key. */
    public static void set(ObjectNode tree, String path, JsonNode value) {
        String[] keys = path.split("\\.");
        ObjectNode at = tree;
        for (int i = 0; i < keys.length - 1; i++) {
            JsonNode next = at.get(keys[i]);
            if (!(next instanceof ObjectNode)) {
                if (value == null) {
                    return;
                }
                next = NODES.objectNode();
                at.set(keys[i], next);
            }
            at = (ObjectNode) next;
        }
        if (value == null) {
            at.remove(keys[keys.length - 1]);
            pruneEmpty(tree, keys);
        } else {
            at.set(keys[keys.length - 1], value);
        }
    }

    /** The values of one sweep axis ({@code sweep: {axis: [...]}}), or null when the study does not sweep it. */
    public static JsonNode sweepAxis(ObjectNode tree, String axis) {
        JsonNode sweep = tree.get("sweep");
        return sweep instanceof ObjectNode s ? s.get(axis) : null;
    }

    /** Sets or (with null) removes one sweep axis; an empty sweep mapping is removed. */
    public static void setSweepAxis(ObjectNode tree, String axis, JsonNode values) {
        JsonNode sweep = tree.get("sweep");
        if (values == null) {
            if (sweep instanceof ObjectNode s) {
                s.remove(axis);
                if (s.isEmpty()) {
                    tree.remove("sweep");
                }
            }
            return;
        }
        if (!(sweep instanceof ObjectNode)) {
            sweep = NODES.objectNode();
            tree.set("sweep", sweep);
        }
        ((ObjectNode) sweep).set(axis, values);
    }

    /** A number node: integral values as integers, so 2.0 is written {@code 2}. */
    public static JsonNode number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return NODES.numberNode((long) v);
        }
        return NODES.numberNode(v);
    }

    private static void pruneEmpty(ObjectNode tree, String[] keys) {
        for (int depth = keys.length - 1; depth > 0; depth--) {
            ObjectNode parent = tree;
            for (int i = 0; i < depth - 1; i++) {
                parent = (ObjectNode) parent.get(keys[i]);
            }
            JsonNode child = parent.get(keys[depth - 1]);
            if (child instanceof ObjectNode c && c.isEmpty()) {
                parent.remove(keys[depth - 1]);
            } else {
                return;
            }
        }
    }
}

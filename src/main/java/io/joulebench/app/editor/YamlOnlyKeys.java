package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The keys a study sets that no form field edits (a capacity search, the engine's own parameters, host energy…):
 * the form lists them read-only, to be edited in YAML, so a study the form cannot show is never shown as unset.
 * A key is covered when a form path is it or one of its parents (a list or a map the form edits whole).
 */
final class YamlOnlyKeys {

    /** One set key: its dotted path and its value as YAML-ish text. */
    record Key(String path, String value) {
        /** The line the form shows. */
        String line() {
            return path + ": " + value;
        }
    }

    private YamlOnlyKeys() {
    }

    /** The leaves of {@code tree} that none of {@code formPaths} covers, in the study's order. */
    static List<Key> of(ObjectNode tree, Collection<String> formPaths) {
        List<Key> out = new ArrayList<>();
        walk(tree, "", formPaths, out);
        return out;
    }

    private static void walk(JsonNode node, String prefix, Collection<String> formPaths, List<Key> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            if (covered(path, formPaths)) {
                continue;
            }
            JsonNode value = e.getValue();
            if (value.isObject() && !value.isEmpty()) {
                walk(value, path, formPaths, out);
            } else {
                out.add(new Key(path, text(value)));
            }
        }
    }

    private static boolean covered(String path, Collection<String> formPaths) {
        for (String p : formPaths) {
            if (!p.isEmpty() && (path.equals(p) || path.startsWith(p + "."))) {
                return true;
            }
        }
        return false;
    }

    private static String text(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(v.isValueNode() ? FieldCodec.text(v) : v.toString()));
            return "[" + String.join(", ", items) + "]";
        }
        return value.isNull() ? "null" : FieldCodec.text(value);
    }
}

package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Keeps secrets out of results. Values under secret-looking keys ({@code HF_TOKEN}, {@code *_TOKEN}, anything with
 * {@code KEY}, {@code SECRET}, {@code PASSWORD} or {@code AUTHORIZATION} in it), the argument after a secret-looking
 * flag ({@code --api-key X}, {@code --api-key=X}) and {@code Authorization: …} header strings become
 * {@value #MASK}. Every secret value found is remembered so that it can also be scrubbed from free text (reasons,
 * messages) that happens to quote it.
 */
public final class Redactor {

    public static final String MASK = "***";

    private final Set<String> secrets = new LinkedHashSet<>();

    /** A redactor that has learned the secret values of {@code tree} (the study document or a resolved cell). */
    public static Redactor learning(JsonNode... trees) {
        Redactor r = new Redactor();
        for (JsonNode tree : trees) {
            r.redact(tree);
        }
        return r;
    }

    /**
     * True for {@code HF_TOKEN}, {@code HUGGING_FACE_HUB_TOKEN}, {@code OPENAI_API_KEY}, {@code --api-key},
     * {@code KEY_FILE}, {@code DB_PASSWORD}, {@code Authorization}; false for {@code max_output_tokens}.
     */
    public static boolean isSecretName(String name) {
        String n = name.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (String part : n.split("[^A-Z0-9]+")) {
            if (part.endsWith("TOKEN") || part.startsWith("KEY") || part.endsWith("KEY") || part.contains("SECRET")
                    || part.contains("PASSWORD") || part.equals("PASSWD") || part.equals("AUTHORIZATION")
                    || part.startsWith("CREDENTIAL")) {
                return true;
            }
        }
        return false;
    }

    /** A redacted deep copy of {@code tree}. */
    public JsonNode redact(JsonNode tree) {
        JsonNode copy = tree.deepCopy();
        walk(copy);
        return copy;
    }

    public ObjectNode redact(ObjectNode tree) {
        return (ObjectNode) redact((JsonNode) tree);
    }

    /** {@code text} with every learned secret value replaced by the mask. */
    public String scrub(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String s : secrets) {
            out = out.replace(s, MASK);
        }
        return out;
    }

    private void walk(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode value = o.get(name);
                if (isSecretName(name) && (value.isValueNode() && !value.isNull())) {
                    remember(value.asText());
                    o.put(name, MASK);
                } else if (isSecretName(name) && value.isContainerNode()) {
                    maskAll(value);
                } else {
                    walk(value);
                }
            }
        } else if (node instanceof ArrayNode a) {
            boolean maskNext = false;
            for (int i = 0; i < a.size(); i++) {
                JsonNode item = a.get(i);
                if (!item.isTextual()) {
                    walk(item);
                    maskNext = false;
                    continue;
                }
                String arg = item.textValue();
                if (maskNext) {
                    remember(arg);
                    a.set(i, TextNode.valueOf(MASK));
                    maskNext = false;
                    continue;
                }
                String masked = maskArgument(arg);
                if (!masked.equals(arg)) {
                    a.set(i, TextNode.valueOf(masked));
                } else {
                    maskNext = arg.startsWith("-") && arg.indexOf('=') < 0 && isSecretName(arg);
                }
            }
        }
    }

    /** {@code --api-key=X} → {@code --api-key=***}; {@code Authorization: Bearer X} → {@code Authorization: ***}. */
    private String maskArgument(String arg) {
        int eq = arg.indexOf('=');
        if (eq > 0 && isSecretName(arg.substring(0, eq))) {
            remember(arg.substring(eq + 1));
            return arg.substring(0, eq + 1) + MASK;
        }
        int colon = arg.indexOf(':');
        if (colon > 0 && isSecretName(arg.substring(0, colon).strip())) {
            remember(arg.substring(colon + 1).strip());
            return arg.substring(0, colon + 1) + " " + MASK;
        }
        return arg;
    }

    private void maskAll(JsonNode container) {
        if (container instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isValueNode()) {
                    remember(e.getValue().asText());
                    e.setValue(TextNode.valueOf(MASK));
                } else {
                    maskAll(e.getValue());
                }
            }
        } else if (container instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).isValueNode()) {
                    remember(a.get(i).asText());
                    a.set(i, TextNode.valueOf(MASK));
                } else {
                    maskAll(a.get(i));
                }
            }
        }
    }

    private void remember(String value) {
        // very short values ("1", "") would scrub innocent text; they are masked where they stand, not scrubbed
        if (value != null && value.length() >= 4 && !value.equals(MASK)) {
            secrets.add(value);
            int space = value.indexOf(' ');
            if (space > 0 && value.length() - space > 4) {
                secrets.add(value.substring(space + 1).strip()); // "Bearer X": X alone too
            }
        }
    }
}

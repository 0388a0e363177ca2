package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.joulebench.core.server.Secrets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps secrets out of results. Values under secret names, the argument after a secret flag ({@code --apikey X}),
 * inline {@code --api-key=X} values and {@code Authorization: …} header strings become {@value #MASK}; what is a
 * secret is {@link Secrets}' one rule, the same that masks log lines, pid files and error messages. Every secret
 * value found is remembered so that it can also be scrubbed from free text (reasons, messages) that quotes it.
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
                if (Secrets.isSecretName(name) && (value.isValueNode() && !value.isNull())) {
                    remember(value.asText());
                    o.put(name, MASK);
                } else if (Secrets.isSecretName(name) && value.isContainerNode()) {
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
                    maskNext = Secrets.isSecretFlag(arg);
                }
            }
        }
    }

    /** {@code --api-key=X} → {@code --api-key=***}; {@code Authorization: Bearer X} → {@code Authorization: ***}. */
    private String maskArgument(String arg) {
        String secret = Secrets.inlineSecret(arg);
        if (secret == null) {
            return arg;
        }
        remember(secret);
        return Secrets.maskInline(arg, MASK);
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

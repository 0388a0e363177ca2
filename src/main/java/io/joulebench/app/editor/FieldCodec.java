package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.joulebench.app.fx.Formats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Text of a form field ↔ the YAML value it stands for. */
final class FieldCodec {

    /** A field's text that cannot be written; {@code message} says why. */
    static final class Rejected extends Exception {
        Rejected(String message) {
            super(message);
        }
    }

    private FieldCodec() {
    }

    static String display(FormField field, JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "";
        }
        if (field.kind() == FormField.Kind.GAMMA_SHAPE) {
            double cv = node.asDouble(Double.NaN);
            return node.isNumber() && cv > 0 ? Formats.number(1 / (cv * cv), 4) : "";
        }
        if (field.kind() == FormField.Kind.RATE_MAP && node.isObject()) {
            List<String> pairs = new ArrayList<>();
            node.properties().forEach(e -> pairs.add(e.getKey() + ": " + text(e.getValue())));
            return String.join(", ", pairs);
        }
        if (node.isArray()) {
            List<String> words = new ArrayList<>();
            node.forEach(n -> words.add(n.asText()));
            return String.join(" ", words);
        }
        return text(node);
    }

    /** The text of a scalar node: numbers without a trailing ".0". */
    static String text(JsonNode node) {
        if (node.isFloatingPointNumber()) {
            return Formats.number(node.doubleValue(), 9);
        }
        return node.isValueNode() ? node.asText() : node.toString();
    }

    /** The value for {@code text}: null removes the key; text that is not of the field's type is kept as text. */
    static JsonNode parse(FormField field, String raw) throws Rejected {
        String text = raw == null ? "" : raw.strip();
        if (text.isEmpty()) {
            return null;
        }
        return switch (field.kind()) {
            case INT -> {
                try {
                    yield StudyYaml.NODES.numberNode(Long.parseLong(text));
                } catch (NumberFormatException e) {
                    yield StudyYaml.NODES.textNode(text);
                }
            }
            case NUMBER -> scalar(text);
            case BOOL -> StudyYaml.NODES.booleanNode(Boolean.parseBoolean(text.toLowerCase(Locale.ROOT)));
            case WORDS -> {
                ArrayNode words = StudyYaml.NODES.arrayNode();
                for (String w : text.split("\\s+")) {
                    words.add(w);
                }
                yield words;
            }
            case GAMMA_SHAPE -> {
                double k;
                try {
                    k = Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new Rejected("k must be a number > 0 (got '" + text + "')");
                }
                if (!(k > 0) || Double.isInfinite(k)) {
                    throw new Rejected("k must be a finite number > 0 (got '" + text + "')");
                }
                yield StudyYaml.number(1 / Math.sqrt(k));
            }
            case RATE_MAP -> rateMap(text);
            default -> StudyYaml.NODES.textNode(text);
        };
    }

    /** {@code 16: 20, 28: 8} as a mapping from each rate (as written) to its value. */
    private static JsonNode rateMap(String text) throws Rejected {
        com.fasterxml.jackson.databind.node.ObjectNode map = StudyYaml.NODES.objectNode();
        for (String pair : text.replaceAll("^\\{|}$", "").split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            String[] kv = pair.split(":", -1);
            if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                throw new Rejected("write rate: seconds pairs separated by commas, e.g. 16: 20, 28: 8 (got '"
                        + pair.strip() + "')");
            }
            map.set(kv[0].strip(), scalar(kv[1].strip()));
        }
        return map.isEmpty() ? null : map;
    }

    /** A number when the text is one, else the text itself (the validator then names the problem). */
    static JsonNode scalar(String text) {
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v) && !text.matches(".*[a-zA-Z].*")) {
                return StudyYaml.number(v);
            }
        } catch (NumberFormatException e) {
            // not a number: kept as text below
        }
        return StudyYaml.NODES.textNode(text);
    }
}

package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * The defaults the loader fills in for absent keys, and the values a choice accepts ({@link StudySchema}), published
 * for editors and documentation so none of them re-types a default or a list: asked by dotted key path, answered as
 * a study file would write the value.
 */
public final class StudyDefaults {

    private StudyDefaults() {
    }

    /**
     * The default of the key at {@code dottedPath} ({@code server.traffic.window_seconds} → {@code "240"}), or empty
     * when the key is unknown or has none (it stays absent, or null, when not set).
     */
    public static Optional<String> of(String dottedPath) {
        Schema.Obj obj = StudySchema.ROOT;
        Schema.Field field = null;
        for (String key : dottedPath.split("\\.")) {
            if (obj == null) {
                return Optional.empty();
            }
            field = obj.fields().get(key);
            if (field == null) {
                return Optional.empty();
            }
            obj = field.type() instanceof Schema.Obj o ? o : null;
        }
        return field == null || field.defaultValue() == null ? Optional.empty() : Optional.of(text(field.defaultValue()));
    }

    /**
     * The values the key at {@code dottedPath} accepts when it is a choice ({@code server.warmup.mode} →
     * {@code [composite, fixed]}), in the order editors list them; empty when the key is unknown or free text.
     */
    public static List<String> choices(String dottedPath) {
        return StudySchema.lookup(dottedPath) instanceof Schema.Str s ? s.allowed() : List.of();
    }

    private static String text(JsonNode value) {
        if (value.isNumber() && value.asDouble() == Math.rint(value.asDouble()) && !Double.isInfinite(value.asDouble())) {
            return Long.toString(value.asLong());
        }
        return value.isNumber() ? value.numberValue().toString() : value.asText();
    }
}

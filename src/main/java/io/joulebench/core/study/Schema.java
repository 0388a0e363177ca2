package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The shape of a study file: a small declarative type tree the binder checks values against. */
sealed interface Schema {

    /**
     * A mapping with fixed keys. {@code shorthand}, when not null, names the key a plain text value stands for
     * ({@code trace: FILE} is {@code trace: {file: FILE}}).
     */
    record Obj(Map<String, Field> fields, String shorthand) implements Schema {
        public Obj {
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        public Obj(Map<String, Field> fields) {
            this(fields, null);
        }
    }

    /** Text; {@code allowed} (when not empty) is an enumeration, {@code aliases} map accepted spellings onto it. */
    record Str(List<String> allowed, Map<String, String> aliases, Pattern pattern, String patternHint)
            implements Schema {
    }

    /** A whole number in [min, max]. */
    record Int(long min, long max) implements Schema {
    }

    /** A finite number within the bounds; {@code *Open} means the bound itself is excluded. */
    record Num(double min, boolean minOpen, double max, boolean maxOpen) implements Schema {
    }

    /** A number as {@link Num}, or the one word {@code word} ({@code window_seconds: auto}). */
    record NumOrWord(Num num, String word) implements Schema {
    }

    record Bool() implements Schema {
    }

    /** A list of items; {@code minSize} items at least. */
    record ListOf(Schema item, int minSize) implements Schema {
    }

    /** A mapping with free keys (environment variables). */
    record MapOf(Schema value) implements Schema {
    }

    /** Any YAML value, kept as written: engine parameters the engine itself interprets (upstream's extra="allow"). */
    record Free() implements Schema {
    }

    /** A key that is recognised only to be refused with a clear reason. */
    record Rejected(String reason) implements Schema {
    }

    /**
     * A key of an {@link Obj}. {@code defaultValue} fills an absent key (null: leave it absent, or null when
     * {@code nullable}); {@code block} objects are filled only when the study needs them (mode and engine blocks).
     */
    record Field(String name, Schema type, JsonNode defaultValue, boolean nullable, boolean required, boolean block) {
    }
}

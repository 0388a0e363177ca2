package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.study.Schema.Bool;
import io.joulebench.core.study.Schema.Field;
import io.joulebench.core.study.Schema.Free;
import io.joulebench.core.study.Schema.Int;
import io.joulebench.core.study.Schema.ListOf;
import io.joulebench.core.study.Schema.MapOf;
import io.joulebench.core.study.Schema.Num;
import io.joulebench.core.study.Schema.NumOrWord;
import io.joulebench.core.study.Schema.Obj;
import io.joulebench.core.study.Schema.Rejected;
import io.joulebench.core.study.Schema.Str;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Checks one cell's tree against the {@link StudySchema} and returns it resolved: defaults filled, aliases mapped,
 * whole numbers kept whole. Every problem is collected (unknown key with a suggestion, wrong type, out of range,
 * missing required key) and located through the cell's {@link CellSource}; binding never stops at the first one.
 */
final class SchemaBinder {

    private static final JsonNodeFactory N = JsonNodeFactory.instance;
    /** What a study that names upstream's corpus gets when no local copy is set: said in validate, run and bundles. */
    static final String AIENERGYSCORE_SUBSTITUTED = "(SUBSTITUTED: Joulebench's own builtin prompts, not upstream's "
            + "AIEnergyScore corpus, so J/token is not comparable with llenergymeasure's; set JOULEBENCH_AIENERGYSCORE "
            + "to a local .jsonl or .parquet copy of the corpus to use it)";

    private final CellSource source;
    private final List<StudyError> errors;
    private final Collection<String> notes;

    SchemaBinder(CellSource source, List<StudyError> errors, Collection<String> notes) {
        this.source = source;
        this.errors = errors;
        this.notes = notes;
    }

    /** Binds {@code given} as a mapping of {@code schema}; null when it is not a mapping at all. */
    ObjectNode bindObject(Obj schema, JsonNode given, String path) {
        if (given == null || given.isNull()) {
            given = N.objectNode();
        }
        if (!given.isObject()) {
            fail(path, "must be a mapping of keys (got " + describe(given) + ")");
            return null;
        }
        Map<String, Field> fields = schema.fields();
        given.fieldNames().forEachRemaining(key -> {
            if (!fields.containsKey(key)) {
                String suggestion = KeySuggester.suggest(key, fields.keySet());
                String rule = suggestion != null ? "unknown key"
                        : "unknown key; expected one of: " + String.join(", ", fields.keySet());
                errors.add(source.error(KeyPaths.child(path, key), rule, suggestion));
            }
        });
        ObjectNode out = N.objectNode();
        for (Field f : fields.values()) {
            String childPath = KeyPaths.child(path, f.name());
            JsonNode v = given.get(f.name());
            if (v == null) {
                fillAbsent(out, f, childPath);
            } else if (v.isNull()) {
                if (f.nullable()) {
                    out.putNull(f.name());
                } else if (f.type() instanceof Obj o) {
                    putIfBound(out, f.name(), bindObject(o, N.objectNode(), childPath));
                } else {
                    fail(childPath, "has no value; give " + expected(f.type()) + " or remove the key");
                }
            } else {
                putIfBound(out, f.name(), bindValue(f.type(), v, childPath));
            }
        }
        return out;
    }

    private void fillAbsent(ObjectNode out, Field f, String childPath) {
        if (f.required()) {
            fail(childPath, "is required (" + expected(f.type()) + ")");
        } else if (f.block()) {
            return;
        } else if (f.defaultValue() != null) {
            out.set(f.name(), f.defaultValue().deepCopy());
        } else if (f.nullable()) {
            out.putNull(f.name());
        } else if (f.type() instanceof Obj o) {
            putIfBound(out, f.name(), bindObject(o, N.objectNode(), childPath));
        }
    }

    JsonNode bindValue(Schema type, JsonNode v, String path) {
        return switch (type) {
            // a short form stays as written (so `trace: FILE` keeps its config hash), its text checked as the key's
            case Obj o when o.shorthand() != null && v.isValueNode() ->
                    bindValue(o.fields().get(o.shorthand()).type(), v, path);
            case Obj o -> bindObject(o, v, path);
            case Rejected r -> fail(path, r.reason());
            case Str s -> bindString(s, v, path);
            case Int i -> bindInt(i, v, path);
            case Num n -> bindNumber(n, v, path);
            case NumOrWord w -> v.isTextual() && v.textValue().equals(w.word()) ? v
                    : v.isNumber() ? bindNumber(w.num(), v, path) : notA(expected(w), v, path);
            case Bool b -> v.isBoolean() ? v : notA("true or false", v, path);
            case ListOf l -> bindList(l, v, path);
            case MapOf m -> bindMap(m, v, path);
            case Free f -> v;
        };
    }

    private JsonNode bindString(Str s, JsonNode v, String path) {
        if (!v.isTextual()) {
            if (s.allowed().isEmpty() && s.pattern() == null && (v.isNumber() || v.isBoolean())) {
                return N.textNode(v.isNumber() ? CanonicalJson.number(v) : v.asText());
            }
            return notA(expected(s), v, path);
        }
        String text = v.textValue();
        String alias = s.aliases().get(text);
        if (alias != null) {
            notes.add(source.displayPath(path) + ": '" + text + "' is read as '" + alias + "'"
                    + (path.endsWith("dataset.source") ? " " + AIENERGYSCORE_SUBSTITUTED : ""));
            return N.textNode(alias);
        }
        if (!s.allowed().isEmpty() && !s.allowed().contains(text)) {
            return fail(path, "must be one of " + String.join(", ", s.allowed()) + " (got '" + text + "')",
                    KeySuggester.suggest(text, s.allowed()));
        }
        if (s.pattern() != null && !s.pattern().matcher(text).matches()) {
            return fail(path, "must be " + s.patternHint() + " (got '" + text + "')");
        }
        if (text.isBlank()) {
            return fail(path, "must not be blank");
        }
        return v;
    }

    private JsonNode bindInt(Int i, JsonNode v, String path) {
        if (!v.isNumber()) {
            return notA("a whole number", v, path);
        }
        if (v.isFloatingPointNumber()) {
            double d = v.doubleValue();
            if (!Double.isFinite(d)) {
                return fail(path, "must be a finite whole number (got " + describe(v) + ")");
            }
            if (d != Math.rint(d)) {
                return fail(path, "must be a whole number (got " + describe(v) + ")");
            }
        }
        if (v.isBigInteger() && !v.canConvertToLong() || v.isFloatingPointNumber() && Math.abs(v.doubleValue()) > 9e18) {
            return fail(path, "is out of range (got " + describe(v) + ")");
        }
        long value = v.asLong();
        if (value < i.min() || value > i.max()) {
            String range = i.max() == Long.MAX_VALUE ? ">= " + i.min() : "in [" + i.min() + ", " + i.max() + "]";
            return fail(path, "must be " + range + " (got " + describe(v) + ")");
        }
        return N.numberNode(value);
    }

    private JsonNode bindNumber(Num n, JsonNode v, String path) {
        if (!v.isNumber()) {
            return notA("a number", v, path);
        }
        double d = v.doubleValue();
        if (!Double.isFinite(d)) {
            return fail(path, "must be a finite number (got " + describe(v) + ")");
        }
        boolean lowOk = n.minOpen() ? d > n.min() : d >= n.min();
        boolean highOk = n.maxOpen() ? d < n.max() : d <= n.max();
        if (!lowOk || !highOk) {
            return fail(path, "must be " + range(n) + " (got " + describe(v) + ")");
        }
        return v.isBigInteger() ? N.numberNode(d) : v;
    }

    private JsonNode bindList(ListOf l, JsonNode v, String path) {
        if (!v.isArray()) {
            return notA("a list", v, path);
        }
        if (v.size() < l.minSize()) {
            return fail(path, "must list at least " + l.minSize() + " item" + (l.minSize() == 1 ? "" : "s"));
        }
        ArrayNode out = N.arrayNode();
        boolean ok = true;
        for (int k = 0; k < v.size(); k++) {
            JsonNode item = v.get(k);
            JsonNode bound = item.isNull() ? fail(KeyPaths.index(path, k), "must not be null")
                    : bindValue(l.item(), item, KeyPaths.index(path, k));
            ok &= bound != null;
            out.add(bound == null ? N.nullNode() : bound);
        }
        return ok ? out : null;
    }

    private JsonNode bindMap(MapOf m, JsonNode v, String path) {
        if (!v.isObject()) {
            return notA("a mapping", v, path);
        }
        ObjectNode out = N.objectNode();
        List<String> keys = new ArrayList<>();
        v.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            JsonNode item = v.get(key);
            String p = KeyPaths.child(path, key);
            JsonNode bound = item.isNull() ? m.value() instanceof Free ? item : fail(p, "must not be null")
                    : bindValue(m.value(), item, p);
            putIfBound(out, key, bound);
        }
        return out;
    }

    private JsonNode notA(String what, JsonNode v, String path) {
        if (v.isTextual() && v.textValue().isBlank()) {
            return fail(path, "has no value; give " + what + " or remove the key");
        }
        if (v.isArray() && !what.equals("a list") && !what.equals("a mapping")) {
            return fail(path, "must be " + what + ", not a list; to run several values, list them under sweep: {"
                    + path + ": [...]}");
        }
        return fail(path, "must be " + what + " (got " + describe(v) + ")");
    }

    private JsonNode fail(String path, String rule) {
        return fail(path, rule, null);
    }

    private JsonNode fail(String path, String rule, String suggestion) {
        errors.add(source.error(path, rule, suggestion));
        return null;
    }

    private static void putIfBound(ObjectNode out, String name, JsonNode value) {
        if (value != null) {
            out.set(name, value);
        }
    }

    static String describe(JsonNode v) {
        if (v == null || v.isNull()) {
            return "null";
        }
        if (v.isTextual()) {
            return "'" + v.textValue() + "'";
        }
        if (v.isNumber()) {
            double d = v.doubleValue();
            if (Double.isNaN(d)) {
                return ".nan";
            }
            if (Double.isInfinite(d)) {
                return d > 0 ? ".inf" : "-.inf";
            }
            return CanonicalJson.number(v);
        }
        if (v.isBoolean()) {
            return v.asText();
        }
        return v.isArray() ? "a list" : "a mapping";
    }

    static String expected(Schema type) {
        return switch (type) {
            case Obj o when o.shorthand() != null -> "a mapping or " + expected(o.fields().get(o.shorthand()).type());
            case Obj o -> "a mapping";
            case Str s when !s.allowed().isEmpty() -> "one of " + String.join(", ", s.allowed());
            case Str s when s.pattern() != null -> s.patternHint();
            case Str s -> "text";
            case Int i -> "a whole number";
            case Num n -> "a number " + range(n);
            case NumOrWord w -> "a number " + range(w.num()) + " or " + w.word();
            case Bool b -> "true or false";
            case ListOf l -> "a list";
            case MapOf m -> "a mapping";
            case Rejected r -> "nothing";
            case Free f -> "a value";
        };
    }

    private static String range(Num n) {
        String lo = CanonicalJson.number(N.numberNode(n.min()));
        if (Double.isInfinite(n.max())) {
            return (n.minOpen() ? "> " : ">= ") + lo;
        }
        String hi = CanonicalJson.number(N.numberNode(n.max()));
        return "in " + (n.minOpen() ? "(" : "[") + lo + ", " + hi + (n.maxOpen() ? ")" : "]");
    }
}

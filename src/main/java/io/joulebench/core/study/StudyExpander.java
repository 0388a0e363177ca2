package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Expands a study document into unresolved cell trees: the cartesian product of the {@code sweep} axes (first axis
 * outermost) laid over the fixed config, followed by each explicit {@code experiments} entry deep-merged onto the
 * fixed config. Structural problems with {@code sweep}/{@code experiments} become errors; axes that are fine still
 * expand so the rest of the file is checked too.
 */
final class StudyExpander {

    /** One cell before binding: its tree, where its values came from, and a short label ("rate=2"). */
    record Draft(ObjectNode tree, CellSource source, String label, java.util.Set<String> sweptPaths) {
    }

    /** One value a cell takes along a dimension: the keys it sets, where in the file they were written, a label. */
    private record Choice(List<Assignment> sets, String label) {
    }

    private record Assignment(String path, String docPath, JsonNode value) {
    }

    /** An axis (one key, its values) or a dependent group (alternatives that each set several keys). */
    private record Dimension(String name, String engineScope, boolean group, List<Choice> choices) {
    }

    private static final JsonNodeFactory N = JsonNodeFactory.instance;

    private StudyExpander() {
    }

    static List<Draft> expand(YamlDocument doc, List<StudyError> errors) {
        ObjectNode base = doc.root().deepCopy();
        JsonNode sweep = base.remove("sweep");
        JsonNode experiments = base.remove("experiments");
        CellSource baseSource = new CellSource(doc);
        List<Dimension> dims = readSweep(doc, sweep, errors);
        java.util.Set<String> swept = new java.util.HashSet<>();
        for (Dimension d : dims) {
            d.choices().forEach(c -> c.sets().forEach(a -> swept.add(a.path())));
        }
        List<Draft> drafts = new ArrayList<>();
        boolean hasExperiments = experiments != null && !experiments.isNull();
        if (!dims.isEmpty() || !hasExperiments) {
            List<String> engines = engines(doc, base, dims, errors);
            JsonNode written = base.get("engine");
            String writtenEngine = written != null && written.isTextual() ? trt(written.textValue())
                    : written == null ? StudySchema.ENGINES.get(0) : null;
            for (String engine : engines) {
                ObjectNode engineBase = base;
                CellSource source = baseSource;
                List<String> label = new ArrayList<>();
                boolean implied = engine != null && (engines.size() > 1 || !engine.equals(writtenEngine));
                if (implied) {
                    engineBase = base.deepCopy();
                    int at = indexOf(written, engine);
                    engineBase.put("engine", engine);
                    if (at >= 0) {
                        source = baseSource.with("engine", KeyPaths.index("engine", at), N.textNode(engine));
                    }
                    label.add("engine=" + engine);
                }
                List<Dimension> applicable = new ArrayList<>();
                // upstream's order: dependent groups outermost, then the axes (first axis outermost)
                for (boolean group : new boolean[] {true, false}) {
                    for (Dimension d : dims) {
                        if (d.group() == group && (d.engineScope() == null || d.engineScope().equals(engine))) {
                            applicable.add(d);
                        }
                    }
                }
                product(engineBase, source, applicable, 0, label, swept, drafts);
            }
        }
        if (hasExperiments) {
            readExperiments(doc, base, baseSource, experiments, errors, swept, drafts);
        }
        return drafts;
    }

    /**
     * The engines the sweep runs: {@code engine:} as a list (one pass per engine, in its order), else the engines
     * that engine-scoped axes and groups name ({@code vllm.engine_params.max_num_seqs}), sorted, with an explicitly
     * written {@code engine:} added (as upstream), else the single engine (null: leave {@code engine} as written).
     */
    private static List<String> engines(YamlDocument doc, ObjectNode base, List<Dimension> dims,
                                        List<StudyError> errors) {
        JsonNode given = base.get("engine");
        List<String> out = new ArrayList<>();
        if (given != null && given.isArray()) {
            if (given.isEmpty()) {
                errors.add(StudyError.at(doc.fileName(), "engine", doc.locate("engine"), "must name at least one engine"));
            }
            for (int i = 0; i < given.size(); i++) {
                JsonNode e = given.get(i);
                if (!e.isTextual()) {
                    String p = KeyPaths.index("engine", i);
                    errors.add(StudyError.at(doc.fileName(), p, doc.locate(p), "must be an engine name (got "
                            + SchemaBinder.describe(e) + ")"));
                } else if (!out.contains(trt(e.textValue()))) {
                    out.add(trt(e.textValue()));
                }
            }
            return out;
        }
        java.util.TreeSet<String> scoped = new java.util.TreeSet<>();
        for (Dimension d : dims) {
            if (d.engineScope() != null) {
                scoped.add(d.engineScope());
            }
        }
        if (scoped.isEmpty()) {
            out.add(null);
            return out;
        }
        if (given != null && given.isTextual()) {
            scoped.add(trt(given.textValue()));
        }
        out.addAll(scoped);
        return out;
    }

    private static String trt(String engine) {
        return engine.equals("tensorrt") || engine.equals("tensorrt-llm") ? "trtllm" : engine;
    }

    private static int indexOf(JsonNode list, String value) {
        if (list != null && list.isArray()) {
            for (int i = 0; i < list.size(); i++) {
                if (trt(list.get(i).asText()).equals(value)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static String engineScope(String path) {
        String root = path.contains(".") ? path.substring(0, path.indexOf('.')) : null;
        return root != null && StudySchema.ENGINES.contains(root) ? root : null;
    }

    private static List<Dimension> readSweep(YamlDocument doc, JsonNode sweep, List<StudyError> errors) {
        List<Dimension> dims = new ArrayList<>();
        if (sweep == null || sweep.isNull()) {
            return dims;
        }
        if (!sweep.isObject()) {
            errors.add(StudyError.at(doc.fileName(), "sweep", doc.locate("sweep"), "must be a mapping of dotted key"
                    + " paths to lists of values, e.g. server.traffic.rate: [2, 4, 8] (got "
                    + SchemaBinder.describe(sweep) + ")"));
            return dims;
        }
        java.util.Set<String> axisKeys = new java.util.HashSet<>();
        sweep.fieldNames().forEachRemaining(path -> {
            JsonNode values = sweep.get(path);
            if (!isGroup(path, values)) {
                axisKeys.add(path);
            }
        });
        sweep.fieldNames().forEachRemaining(path -> {
            String docPath = "sweep." + path;
            JsonNode values = sweep.get(path);
            if (isGroup(path, values)) {
                Dimension g = readGroup(doc, path, values, axisKeys, errors);
                if (g != null) {
                    dims.add(g);
                }
                return;
            }
            if (!checkPath(doc, path, docPath, errors)) {
                return;
            }
            List<JsonNode> list = axisValues(doc, docPath, values, errors);
            if (list == null) {
                return;
            }
            List<Choice> choices = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                JsonNode value = list.get(i);
                String at = values.isArray() ? KeyPaths.index(docPath, i) : docPath;
                choices.add(new Choice(List.of(new Assignment(path, at, value)), shortName(path) + "=" + text(value, i)));
            }
            dims.add(new Dimension(path, engineScope(path), false, choices));
        });
        return dims;
    }

    /**
     * A list of mappings is a dependent group, unless the key names a mapping field ({@code server.traffic.slo}):
     * then each mapping is one value of that field, as before upstream's groups.
     */
    private static boolean isGroup(String path, JsonNode values) {
        if (!values.isArray() || values.isEmpty() || !hasMapping(values)) {
            return false;
        }
        Schema field = StudySchema.lookup(path);
        return !(field instanceof Schema.Obj || field instanceof Schema.MapOf || field instanceof Schema.Free);
    }

    private static boolean hasMapping(JsonNode list) {
        for (JsonNode v : list) {
            if (v.isObject()) {
                return true;
            }
        }
        return false;
    }

    private static boolean checkPath(YamlDocument doc, String path, String docPath, List<StudyError> errors) {
        String root = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
        if (StudySchema.STUDY_LEVEL_KEYS.contains(root)) {
            errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                    "'" + root + "' describes the study itself and cannot be swept"));
            return false;
        }
        if (StudySchema.lookup(path) == null) {
            errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                    "sweep path names no field of a study", KeySuggester.suggest(path, StudySchema.allPaths())));
            return false;
        }
        return true;
    }

    /** A list as given; a scalar is a one-element axis; a mapping is one of upstream's numeric idioms. */
    private static List<JsonNode> axisValues(YamlDocument doc, String docPath, JsonNode values,
                                             List<StudyError> errors) {
        List<JsonNode> list = new ArrayList<>();
        if (values.isArray()) {
            if (values.isEmpty()) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath), "must list at least one value"));
                return null;
            }
            values.forEach(list::add);
        } else if (values.isObject()) {
            try {
                list.addAll(SweepIdioms.expand(values));
            } catch (IllegalArgumentException e) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath), e.getMessage()));
                return null;
            }
        } else if (values.isNull()) {
            errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                    "has no values; give a list, one value, or an idiom such as {min: 1, max: 8, num: 4}"));
            return null;
        } else {
            list.add(values);
        }
        return list;
    }

    /**
     * A dependent group: a list of mappings under one name, each mapping one alternative that sets several dotted keys
     * together ({@code {}} sets none: the baseline). A list value inside an entry is a small grid of its own.
     */
    private static Dimension readGroup(YamlDocument doc, String name, JsonNode entries, java.util.Set<String> axisKeys,
                                       List<StudyError> errors) {
        String docPath = "sweep." + name;
        for (JsonNode e : entries) {
            if (!e.isObject()) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath), "mixes mappings and single "
                        + "values: a group lists mappings only, an axis lists values only"));
                return null;
            }
        }
        boolean ok = true;
        List<Choice> choices = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode entry = entries.get(i);
            String entryPath = KeyPaths.index(docPath, i);
            List<String> keys = new ArrayList<>();
            entry.fieldNames().forEachRemaining(keys::add);
            List<List<Assignment>> options = new ArrayList<>();
            options.add(new ArrayList<>());
            for (String key : keys) {
                String keyDoc = KeyPaths.child(entryPath, key);
                if (axisKeys.contains(key)) {
                    errors.add(StudyError.at(doc.fileName(), keyDoc, doc.locate(keyDoc), "is also a sweep axis; set "
                            + "it in the axis or in the group, not both"));
                    ok = false;
                    continue;
                }
                if (!checkPath(doc, key, keyDoc, errors)) {
                    ok = false;
                    continue;
                }
                JsonNode v = entry.get(key);
                List<Assignment> alternatives = new ArrayList<>();
                if (v.isArray() && !v.isEmpty() && !v.get(0).isContainerNode()) {
                    for (int j = 0; j < v.size(); j++) {
                        alternatives.add(new Assignment(key, KeyPaths.index(keyDoc, j), v.get(j)));
                    }
                } else {
                    alternatives.add(new Assignment(key, keyDoc, v));
                }
                List<List<Assignment>> next = new ArrayList<>();
                for (List<Assignment> o : options) {
                    for (Assignment a : alternatives) {
                        List<Assignment> more = new ArrayList<>(o);
                        more.add(a);
                        next.add(more);
                    }
                }
                options = next;
            }
            for (List<Assignment> o : options) {
                List<String> parts = new ArrayList<>();
                o.forEach(a -> parts.add(shortName(a.path()) + "=" + text(a.value(), 0)));
                choices.add(new Choice(o, shortName(name) + "={" + String.join(", ", parts) + "}"));
            }
        }
        String scope = engineScope(name);
        return ok ? new Dimension(name, scope, true, choices) : null;
    }

    private static String text(JsonNode value, int i) {
        return value.isNumber() ? value.asText() : value.isValueNode() ? SchemaBinder.describe(value) : "#" + i;
    }

    private static void product(ObjectNode base, CellSource source, List<Dimension> dims, int depth,
                                List<String> label, java.util.Set<String> swept, List<Draft> out) {
        if (depth == dims.size()) {
            out.add(new Draft(base, source, String.join(", ", label), swept));
            return;
        }
        for (Choice choice : dims.get(depth).choices()) {
            ObjectNode cell = base.deepCopy();
            CellSource cellSource = source;
            for (Assignment a : choice.sets()) {
                setPath(cell, a.path(), a.value().deepCopy());
                cellSource = cellSource.with(a.path(), a.docPath(), a.value());
            }
            List<String> cellLabel = new ArrayList<>(label);
            cellLabel.add(choice.label());
            product(cell, cellSource, dims, depth + 1, cellLabel, swept, out);
        }
    }

    private static void readExperiments(YamlDocument doc, ObjectNode base, CellSource baseSource,
                                        JsonNode experiments, List<StudyError> errors, java.util.Set<String> swept,
                                        List<Draft> out) {
        if (!experiments.isArray() || experiments.isEmpty()) {
            errors.add(StudyError.at(doc.fileName(), "experiments", doc.locate("experiments"),
                    "must be a non-empty list of experiment mappings (got " + SchemaBinder.describe(experiments) + ")"));
            return;
        }
        for (int i = 0; i < experiments.size(); i++) {
            JsonNode entry = experiments.get(i);
            String docPath = KeyPaths.index("experiments", i);
            if (!entry.isObject()) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                        "must be a mapping of keys to override (got " + SchemaBinder.describe(entry) + ")"));
                continue;
            }
            boolean ok = true;
            for (String key : StudySchema.STUDY_LEVEL_KEYS) {
                if (entry.has(key)) {
                    String p = KeyPaths.child(docPath, key);
                    errors.add(StudyError.at(doc.fileName(), p, doc.locate(p),
                            "describes the study itself and cannot be set per experiment; move it to the top level"));
                    ok = false;
                }
            }
            if (ok) {
                ObjectNode cell = deepMerge(base.deepCopy(), (ObjectNode) entry);
                out.add(new Draft(cell, baseSource.with("", docPath, entry), docPath, swept));
            }
        }
    }

    /** Lays {@code over} onto {@code into}: mappings merge key by key, everything else replaces. */
    static ObjectNode deepMerge(ObjectNode into, ObjectNode over) {
        return deepMerge(into, over, "");
    }

    private static ObjectNode deepMerge(ObjectNode into, ObjectNode over, String path) {
        over.fieldNames().forEachRemaining(key -> {
            String at = KeyPaths.child(path, key);
            JsonNode mine = longForm(at, into.get(key));
            JsonNode theirs = over.get(key);
            if (mine instanceof ObjectNode m && theirs instanceof ObjectNode t) {
                into.set(key, m);
                deepMerge(m, t, at);
            } else {
                into.set(key, theirs.deepCopy());
            }
        });
        return into;
    }

    static void setPath(ObjectNode tree, String dottedPath, JsonNode value) {
        String[] parts = dottedPath.split("\\.");
        ObjectNode at = tree;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode next = longForm(String.join(".", java.util.Arrays.copyOf(parts, i + 1)), at.get(parts[i]));
            if (!(next instanceof ObjectNode)) {
                next = N.objectNode();
            }
            at.set(parts[i], next);
            at = (ObjectNode) next;
        }
        at.set(parts[parts.length - 1], value);
    }

    /**
     * A short form ({@code trace: FILE}) as its mapping ({@code {file: FILE}}) where a sweep or an experiment sets a
     * key inside it; anything else as it is.
     */
    private static JsonNode longForm(String path, JsonNode value) {
        if (value != null && value.isValueNode() && !value.isNull()
                && StudySchema.lookup(path) instanceof Schema.Obj o && o.shorthand() != null) {
            ObjectNode mapping = N.objectNode();
            mapping.set(o.shorthand(), value);
            return mapping;
        }
        return value;
    }

    private static String shortName(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }
}

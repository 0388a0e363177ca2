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

    private record Axis(String path, List<JsonNode> values) {
    }

    private static final JsonNodeFactory N = JsonNodeFactory.instance;

    private StudyExpander() {
    }

    static List<Draft> expand(YamlDocument doc, List<StudyError> errors) {
        ObjectNode base = doc.root().deepCopy();
        JsonNode sweep = base.remove("sweep");
        JsonNode experiments = base.remove("experiments");
        CellSource baseSource = new CellSource(doc);
        List<Axis> axes = readAxes(doc, sweep, errors);
        java.util.Set<String> swept = new java.util.HashSet<>();
        if (sweep != null && sweep.isObject()) {
            sweep.fieldNames().forEachRemaining(swept::add);
        }
        List<Draft> drafts = new ArrayList<>();
        boolean hasExperiments = experiments != null && !experiments.isNull();
        if (!axes.isEmpty() || !hasExperiments) {
            product(base, baseSource, axes, 0, new ArrayList<>(), swept, drafts);
        }
        if (hasExperiments) {
            readExperiments(doc, base, baseSource, experiments, errors, swept, drafts);
        }
        return drafts;
    }

    private static List<Axis> readAxes(YamlDocument doc, JsonNode sweep, List<StudyError> errors) {
        List<Axis> axes = new ArrayList<>();
        if (sweep == null || sweep.isNull()) {
            return axes;
        }
        if (!sweep.isObject()) {
            errors.add(StudyError.at(doc.fileName(), "sweep", doc.locate("sweep"), "must be a mapping of dotted key"
                    + " paths to lists of values, e.g. server.traffic.rate: [2, 4, 8] (got "
                    + SchemaBinder.describe(sweep) + ")"));
            return axes;
        }
        sweep.fieldNames().forEachRemaining(path -> {
            String docPath = "sweep." + path;
            JsonNode values = sweep.get(path);
            String root = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
            if (StudySchema.STUDY_LEVEL_KEYS.contains(root)) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                        "'" + root + "' describes the study itself and cannot be swept"));
            } else if (StudySchema.lookup(path) == null) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                        "sweep path names no field of a study", KeySuggester.suggest(path, StudySchema.allPaths())));
            } else if (!values.isArray()) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                        "must be a list of values to sweep (got " + SchemaBinder.describe(values)
                                + "); a single value belongs in the fixed config"));
            } else if (values.isEmpty()) {
                errors.add(StudyError.at(doc.fileName(), docPath, doc.locate(docPath),
                        "must list at least one value"));
            } else {
                List<JsonNode> list = new ArrayList<>();
                values.forEach(list::add);
                axes.add(new Axis(path, list));
            }
        });
        return axes;
    }

    private static void product(ObjectNode base, CellSource source, List<Axis> axes, int depth,
                                List<String> label, java.util.Set<String> swept, List<Draft> out) {
        if (depth == axes.size()) {
            out.add(new Draft(base, source, String.join(", ", label), swept));
            return;
        }
        Axis axis = axes.get(depth);
        for (int i = 0; i < axis.values().size(); i++) {
            JsonNode value = axis.values().get(i);
            ObjectNode cell = base.deepCopy();
            setPath(cell, axis.path(), value.deepCopy());
            CellSource cellSource = source.with(axis.path(), KeyPaths.index("sweep." + axis.path(), i), value);
            List<String> cellLabel = new ArrayList<>(label);
            cellLabel.add(shortName(axis.path()) + "=" + (value.isNumber() ? value.asText()
                    : value.isValueNode() ? SchemaBinder.describe(value) : "#" + i));
            product(cell, cellSource, axes, depth + 1, cellLabel, swept, out);
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
        over.fieldNames().forEachRemaining(key -> {
            JsonNode mine = into.get(key);
            JsonNode theirs = over.get(key);
            if (mine instanceof ObjectNode m && theirs instanceof ObjectNode t) {
                deepMerge(m, t);
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
            JsonNode next = at.get(parts[i]);
            if (!(next instanceof ObjectNode)) {
                next = N.objectNode();
                at.set(parts[i], next);
            }
            at = (ObjectNode) next;
        }
        at.set(parts[parts.length - 1], value);
    }

    private static String shortName(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }
}

package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.Runner;
import io.joulebench.core.study.Schema.Obj;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Binds one expanded cell and narrows it to what identifies the experiment: the mode's block only (server or
 * offline), the chosen engine's block only (defaults filled), and the chosen engine's runner only. Study-level keys
 * (study_name, study_execution) are returned separately.
 */
final class CellResolver {

    /** The bound study tree (with study-level keys) and the experiment tree that is hashed. */
    record Resolved(ObjectNode study, ObjectNode experiment) {
    }

    private static final JsonNodeFactory N = JsonNodeFactory.instance;

    private CellResolver() {
    }

    /** Null when the cell has errors (added to {@code errors}). */
    static Resolved resolve(StudyExpander.Draft draft, Path baseDir, List<StudyError> errors, Collection<String> notes) {
        int before = errors.size();
        SchemaBinder binder = new SchemaBinder(draft.source(), errors, notes);
        ObjectNode bound = binder.bindObject(StudySchema.ROOT, draft.tree(), "");
        if (bound == null) {
            return null;
        }
        new CrossFieldRules(draft.source(), baseDir, errors, draft.sweptPaths(), notes).check(draft.tree(), bound);
        if (errors.size() > before) {
            return null;
        }
        return new Resolved(bound, experimentOf(bound, binder));
    }

    private static ObjectNode experimentOf(ObjectNode bound, SchemaBinder binder) {
        ObjectNode exp = bound.deepCopy();
        for (String key : StudySchema.STUDY_LEVEL_KEYS) {
            exp.remove(key);
        }
        String mode = exp.path("serving_mode").asText();
        String keep = mode.equals("server") ? "server" : "offline";
        String drop = mode.equals("server") ? "offline" : "server";
        exp.remove(drop);
        ensureBlock(exp, keep, binder);
        String engine = exp.path("engine").asText();
        for (String e : StudySchema.ENGINES) {
            if (!e.equals(engine)) {
                exp.remove(e);
            }
        }
        ensureBlock(exp, engine, binder);
        JsonNode runner = exp.path("runners").path(engine);
        ObjectNode runners = N.objectNode();
        runners.put(engine, runner.isTextual() ? runner.textValue() : defaultRunner(engine));
        exp.set("runners", runners);
        return exp;
    }

    private static void ensureBlock(ObjectNode exp, String name, SchemaBinder binder) {
        if (!exp.has(name) || exp.get(name).isNull()) {
            Obj schema = (Obj) StudySchema.ROOT.fields().get(name).type();
            exp.set(name, binder.bindObject(schema, N.objectNode(), name));
        }
    }

    /** The runner of an engine the study gives none: the engine preset's default. */
    static String defaultRunner(String engine) {
        return EnginePreset.ids().contains(engine) ? EnginePreset.fromId(engine).defaultRunner().wire()
                : Runner.CONTAINER.wire();
    }
}

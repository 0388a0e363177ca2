package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;

/**
 * Keys whose default differs between upstream and Joulebench: a study run by the CLI that leaves one out everywhere
 * (fixed config, experiments, sweep) gets one note saying what {@code llem run} would have read instead, so an upstream
 * file is never measured over a different workload or engine in silence. Notes only: hashes do not move.
 */
final class OmittedUpstreamDefaults {

    static final String SOURCE_NOTE = "task.dataset.source: left out, so upstream reads its default 'aienergyscore' "
            + "and Joulebench its default 'builtin' (SUBSTITUTED: Joulebench's own builtin prompts, not upstream's "
            + "AIEnergyScore corpus, so J/token is not comparable with llenergymeasure's; write source: builtin to "
            + "choose them, or source: aienergyscore with JOULEBENCH_AIENERGYSCORE set to use the corpus)";
    static final String ENGINE_NOTE = "engine: left out, so upstream uses its default 'transformers' (offline only; "
            + "its server mode rejects it) and Joulebench its default 'reference', its own reference engine "
            + "(docs/reference-engine.md), not a served model; write engine: to choose one";

    private OmittedUpstreamDefaults() {
    }

    static void note(JsonNode root, Collection<String> notes) {
        if (!names(root, (key, value) -> key.equals("dataset") && value.has("source")
                || key.endsWith("dataset.source"))) {
            notes.add(SOURCE_NOTE);
        }
        if (!names(root, (key, value) -> key.equals("engine") && (value.isTextual() || value.isArray()))) {
            notes.add(ENGINE_NOTE);
        }
    }

    private interface Field {
        boolean matches(String key, JsonNode value);
    }

    /** Whether any field at any depth (a sweep key is one field) matches. */
    private static boolean names(JsonNode node, Field field) {
        if (node.isArray()) {
            for (JsonNode item : node) {
                if (names(item, field)) {
                    return true;
                }
            }
        }
        for (var it = node.fields(); it.hasNext(); ) {
            var e = it.next();
            if (field.matches(e.getKey(), e.getValue()) || names(e.getValue(), field)) {
                return true;
            }
        }
        return false;
    }
}

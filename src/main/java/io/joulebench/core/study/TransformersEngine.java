package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;

/**
 * Upstream's {@code engine: transformers} (its default engine, offline only at v0.7). Joulebench serves no
 * transformers engine: in server mode it is an error saying what upstream says; in offline mode the batch goes to the
 * {@code tgi} preset (Hugging Face's own server) and one note per key says it was substituted, so J/token is never
 * passed off as upstream's transformers figure.
 */
final class TransformersEngine {

    static final String UPSTREAM = "transformers";
    static final String SUBSTITUTE = "tgi";

    private TransformersEngine() {
    }

    /** Reads {@code node} (the fixed config or one {@code experiments} entry, under {@code prefix}). */
    static void apply(ObjectNode node, String prefix, JsonNode studyMode, YamlDocument doc, List<StudyError> errors,
                      Collection<String> notes) {
        JsonNode mode = node.hasNonNull("serving_mode") ? node.get("serving_mode") : studyMode;
        if (prefix.isEmpty() && node.path("sweep").get("engine") instanceof ArrayNode axis) {
            list(axis, "sweep.engine", mode, notes);
        }
        JsonNode engine = node.get("engine");
        if (engine instanceof ArrayNode engines) {
            list(engines, KeyPaths.child(prefix, "engine"), mode, notes);
        }
        if (engine == null || !UPSTREAM.equals(engine.asText(null))) {
            return;
        }
        String path = KeyPaths.child(prefix, "engine");
        String servingMode = mode == null ? null : mode.asText(null);
        if ("server".equals(servingMode)) {
            node.remove("engine");
            errors.add(StudyError.at(doc.fileName(), path, doc.locate(path), "transformers is rejected with "
                    + "serving_mode: server, as upstream at v0.7 (its server engines are vllm and tensorrt)"));
            return;
        }
        if (!"offline".equals(servingMode)) {
            return;
        }
        node.put("engine", SUBSTITUTE);
        notes.add(path + ": 'transformers' is SUBSTITUTED by 'tgi' (Joulebench serves no transformers engine; the "
                + "offline batch goes to Hugging Face's text-generation-inference server, so J/token is TGI's and "
                + "not comparable with llenergymeasure's transformers engine)");
        JsonNode block = node.remove(UPSTREAM);
        if (block != null && !block.isNull()) {
            notes.add(KeyPaths.child(prefix, UPSTREAM) + ": accepted, not applied: its engine_params and "
                    + "sampling_params are transformers' own and have no TGI flag");
        }
        if (node.get("runners") instanceof ObjectNode runners && runners.has(UPSTREAM) && !runners.has(SUBSTITUTE)) {
            runners.set(SUBSTITUTE, runners.remove(UPSTREAM));
            notes.add(KeyPaths.child(KeyPaths.child(prefix, "runners"), UPSTREAM) + ": read as runners.tgi "
                    + "(the substituted engine)");
        }
    }

    /** {@code engine: [transformers, vllm]} offline: the transformers entry becomes tgi (server mode: left to fail). */
    private static void list(ArrayNode engines, String path, JsonNode mode, Collection<String> notes) {
        if (mode == null || !"offline".equals(mode.asText(null))) {
            return;
        }
        for (int i = 0; i < engines.size(); i++) {
            if (UPSTREAM.equals(engines.get(i).asText(null))) {
                engines.set(i, SUBSTITUTE);
                notes.add(path + ": 'transformers' is SUBSTITUTED by 'tgi' (Joulebench serves no transformers engine; "
                        + "its cells go to Hugging Face's text-generation-inference server, so their J/token is TGI's "
                        + "and not comparable with llenergymeasure's transformers engine)");
            }
        }
    }
}

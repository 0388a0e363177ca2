package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.HostName;
import io.joulebench.core.ToolVersion;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.SessionGroup;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code resolved.json}: the plan a results folder was made for (cells in dispatch order with hash, cycle and group,
 * their redacted configs, the groups) and where the study came from, so {@code resume} can re-plan and compare.
 */
public final class ResolvedJson {

    public static final String FILE_NAME = "resolved.json";

    private ResolvedJson() {
    }

    static ObjectNode of(StudyPlan plan, Redactor redactor, boolean studyRedacted, Instant created) {
        ObjectNode root = ResultsJson.object();
        root.put("study_name", plan.study().studyName());
        root.put("design_hash", plan.study().designHash());
        root.put("study_file", plan.study().fileName());
        Path source = plan.study().source();
        root.put("study_source", source == null ? null : source.toAbsolutePath().toString());
        root.put("study_dir", plan.study().studyDir() == null ? null : plan.study().studyDir().toString());
        root.put("study_redacted", studyRedacted);
        root.put("tool_version", ToolVersion.get());
        root.put("host_name", HostName.get());
        root.put("created_utc", created.toString());
        ArrayNode cells = root.putArray("cells");
        for (ResolvedCell c : plan.cells()) {
            ObjectNode n = cells.addObject();
            n.put("index", c.index());
            n.put("label", c.label());
            n.put("config_hash", c.configHash());
            n.put("cycle", c.cycle());
            n.put("group", plan.groupOf(c.index()));
            n.put("serving_mode", c.isServer() ? "server" : "offline");
            n.put("rate_req_s", c.rate());
            n.set("config", redactor.redact(c.config()));
        }
        ArrayNode groups = root.putArray("groups");
        for (SessionGroup g : plan.groups()) {
            ArrayNode a = groups.addArray();
            g.cellIndices().forEach(a::add);
        }
        ArrayNode notes = root.putArray("notes");
        plan.study().notes().forEach(n -> notes.add(redactor.scrub(n)));
        ArrayNode warnings = root.putArray("warnings");
        plan.warnings().forEach(w -> warnings.add(redactor.scrub(w)));
        return root;
    }

    /** The (hash, cycle) keys of the cells in dispatch order, as {@code hash-cN}. */
    public static List<String> cellKeys(JsonNode resolved) {
        List<String> keys = new ArrayList<>();
        for (JsonNode c : resolved.path("cells")) {
            keys.add(ManifestEntry.key(c.path("config_hash").asText(), c.path("cycle").asInt()));
        }
        return keys;
    }

    public static List<String> cellKeys(StudyPlan plan) {
        return plan.cells().stream().map(c -> ManifestEntry.key(c.configHash(), c.cycle())).toList();
    }
}

package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code manifest.json}: one entry per (config hash, cycle) in dispatch order. It is the single record of what is
 * credited; every change is written atomically. Not thread-safe: the results folder serialises access.
 */
public final class Manifest {

    public static final String FILE_NAME = "manifest.json";

    private final String studyName;
    private final String designHash;
    private final Map<String, ManifestEntry> entries = new LinkedHashMap<>();
    /** The user's name for this run ({@code run --label}); empty when none was given. Kept by every rewrite. */
    private String runLabel = "";

    public Manifest(String studyName, String designHash, Collection<ManifestEntry> entries) {
        this.studyName = studyName;
        this.designHash = designHash;
        entries.forEach(e -> this.entries.put(e.key(), e));
    }

    public String studyName() {
        return studyName;
    }

    /** The user's label of this run; empty when none. */
    public String runLabel() {
        return runLabel;
    }

    /** Names this run (trimmed; null or blank: none). */
    public void setRunLabel(String label) {
        this.runLabel = label == null ? "" : label.strip();
    }

    /**
     * The label of the run in {@code folder} (its manifest's {@code run_label}); empty when none was given, the
     * folder has no manifest or it cannot be read (a label is a name, never a reason to refuse a folder).
     */
    public static String runLabelOf(Path folder) {
        Path file = folder.resolve(FILE_NAME);
        if (!java.nio.file.Files.isRegularFile(file)) {
            return "";
        }
        try {
            String label = ResultsJson.text(ResultsJson.read(file), "run_label");
            return label == null ? "" : label;
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    public List<ManifestEntry> entries() {
        return List.copyOf(entries.values());
    }

    public ManifestEntry get(String configHash, int cycle) {
        ManifestEntry e = entries.get(ManifestEntry.key(configHash, cycle));
        if (e == null) {
            throw new IllegalArgumentException("no manifest entry for " + ManifestEntry.key(configHash, cycle));
        }
        return e;
    }

    public void put(ManifestEntry entry) {
        if (!entries.containsKey(entry.key())) {
            throw new IllegalArgumentException("no manifest entry for " + entry.key());
        }
        entries.put(entry.key(), entry);
    }

    public long count(CellStatus status) {
        return entries.values().stream().filter(e -> e.status() == status).count();
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, toJson());
    }

    ObjectNode toJson() {
        ObjectNode root = ResultsJson.object();
        root.put("study_name", studyName);
        if (!runLabel.isEmpty()) {
            root.put("run_label", runLabel);
        }
        root.put("study_design_hash", designHash); // upstream's name
        root.put("design_hash", designHash);
        root.putNull("llenergymeasure_version"); // not written by llenergymeasure
        root.put("tool_version", io.joulebench.core.ToolVersion.get());
        root.set("summary", UpstreamManifest.summary(entries.values()));
        root.set("experiments", UpstreamManifest.experiments(entries.values()));
        ArrayNode cells = root.putArray("cells");
        for (ManifestEntry e : entries.values()) {
            ObjectNode c = cells.addObject();
            c.put("cell_index", e.cellIndex());
            c.put("config_hash", e.configHash());
            c.put("cycle", e.cycle());
            c.put("label", e.label());
            c.put("status", e.status().wire());
            c.put("reason", e.reason());
            c.put("failure_type", e.failureType());
            c.put("session_id", e.sessionId());
            ArrayNode ids = c.putArray("window_ids");
            e.windowIds().forEach(ids::add);
            if (e.summary() == null) {
                c.putNull("summary");
            } else {
                CellSummary s = e.summary();
                ObjectNode n = c.putObject("summary");
                ResultsJson.put(n, "rate_req_s", s.rateReqS());
                n.put("windows", s.windows());
                ResultsJson.put(n, "elapsed_s", s.elapsedS());
                ResultsJson.put(n, "energy_j", s.energyJ());
                n.put("tokens", s.tokens());
                ResultsJson.put(n, "mj_per_token", s.mjPerToken());
                ResultsJson.put(n, "j_per_token_mean", s.jPerTokenMean());
                n.put("valid", s.valid());
                n.put("energy_kind", s.energyKind());
                if (s.sessionsPerS() != null) {
                    n.put("rate_sessions_s", s.sessionsPerS());
                }
            }
            c.put("updated_utc", e.updatedUtc());
        }
        return root;
    }

    public static Manifest read(Path file) throws IOException {
        JsonNode root = ResultsJson.read(file);
        List<ManifestEntry> list = new ArrayList<>();
        for (JsonNode c : root.path("cells")) {
            List<String> ids = new ArrayList<>();
            c.path("window_ids").forEach(id -> ids.add(id.asText()));
            JsonNode s = c.get("summary");
            CellSummary summary = s == null || s.isNull() ? null : new CellSummary(
                    ResultsJson.number(s, "rate_req_s"), s.path("windows").asInt(), ResultsJson.number(s, "elapsed_s"),
                    ResultsJson.number(s, "energy_j"), s.path("tokens").asLong(), ResultsJson.number(s, "mj_per_token"),
                    ResultsJson.number(s, "j_per_token_mean"), s.path("valid").asBoolean(),
                    ResultsJson.text(s, "energy_kind"), ResultsJson.number(s, "rate_sessions_s"));
            list.add(new ManifestEntry(c.path("cell_index").asInt(), c.path("config_hash").asText(),
                    c.path("cycle").asInt(), ResultsJson.text(c, "label"),
                    CellStatus.fromWire(c.path("status").asText()), ResultsJson.text(c, "reason"),
                    ResultsJson.text(c, "failure_type"), ResultsJson.text(c, "session_id"), ids, summary,
                    ResultsJson.text(c, "updated_utc")));
        }
        String design = ResultsJson.text(root, "study_design_hash");
        Manifest m = new Manifest(ResultsJson.text(root, "study_name"),
                design != null ? design : ResultsJson.text(root, "design_hash"), list);
        m.setRunLabel(ResultsJson.text(root, "run_label"));
        return m;
    }
}

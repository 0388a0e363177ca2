package io.joulebench.core.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;

/**
 * Upstream's view of manifest.json (llenergymeasure 0.7 {@code StudyManifest}): {@code experiments[]} with one entry
 * per (config hash, cycle) and the study {@code summary}, both projected from Joulebench's own entries (the
 * {@code cells} array, which {@link Manifest#read} and resume read), so the two cannot disagree.
 */
final class UpstreamManifest {

    private UpstreamManifest() {
    }

    static ArrayNode experiments(Collection<ManifestEntry> entries) {
        ArrayNode list = ResultsJson.MAPPER.createArrayNode();
        for (ManifestEntry e : entries) {
            ObjectNode x = list.addObject();
            x.put("config_hash", e.configHash());
            x.put("config_summary", e.label());
            x.put("cycle", e.cycle());
            x.put("status", e.status().wire());
            // upstream's result_file: the level's last window bundle; the manifest's window_ids list them all
            x.put("result_file", e.windowIds().isEmpty() ? null
                    : e.windowIds().get(e.windowIds().size() - 1) + "/" + BundleWriter.RESULT);
            boolean failed = e.status() == CellStatus.FAILED;
            x.put("error_type", failed ? e.failureType() : null);
            x.put("error_message", failed ? e.reason() : null);
            x.putNull("started_at"); // Joulebench records the last update (cells[].updated_utc), not the start
            boolean done = e.status() == CellStatus.COMPLETED || failed;
            x.put("completed_at", done ? e.updatedUtc() : null);
            CellSummary s = e.summary();
            if (s == null) {
                x.putNull("summary");
            } else {
                ObjectNode n = x.putObject("summary");
                ResultsJson.put(n, "elapsed_seconds", s.elapsedS());
                ResultsJson.put(n, "inference_seconds", s.elapsedS());
                ResultsJson.put(n, "energy_joules", s.energyJ());
                Double elapsed = s.elapsedS();
                ResultsJson.put(n, "throughput_tok_s", elapsed == null || elapsed <= 0 ? null : s.tokens() / elapsed);
                ResultsJson.put(n, "energy_per_token_mj", s.mjPerToken());
            }
        }
        return list;
    }

    /**
     * Upstream's {@code StudySummary}. {@code total_wall_time_s} is null: the manifest does not know when the study
     * started (resolved.json's {@code created_utc} is when the folder was made, and a resumed study spans runs).
     */
    static ObjectNode summary(Collection<ManifestEntry> entries) {
        ObjectNode n = ResultsJson.object();
        n.put("total_experiments", entries.size());
        n.put("completed", entries.stream().filter(e -> e.status() == CellStatus.COMPLETED).count());
        n.put("failed", entries.stream().filter(e -> e.status() == CellStatus.FAILED).count());
        n.putNull("total_wall_time_s");
        double energy = 0;
        for (ManifestEntry e : entries) {
            if (e.summary() != null && e.summary().energyJ() != null) {
                energy += e.summary().energyJ();
            }
        }
        n.put("total_energy_j", energy);
        n.put("unique_configurations", entries.stream().map(ManifestEntry::configHash).distinct().count());
        n.putArray("warnings");
        return n;
    }
}

package io.joulebench.core.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.csv.CsvCells.Kind;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small results folders written by hand: a windows.csv whose columns are deliberately NOT in windows.csv order
 * (and carry an extra trailing column), so readers must go by column name, plus a resolved.json with each cell's
 * config. The config is {@code engine}, {@code reference.max_num_seqs} and {@code server.traffic.rate}.
 */
public final class CompareFixtures {

    /** Shuffled order, an unknown column at the end. */
    static final List<String> COLUMNS = List.of("output_tokens", "rate_req_s", "energy_j", "experiment_id",
            "study_name", "config_hash", "cycle", "level_index", "window_index", "engine", "model", "energy_kind",
            "energy_source", "j_per_token", "level_valid", "invalid_reason", "ttft_p99_ms", "tpot_p99_ms",
            "e2e_p99_ms", "goodput_tokens_s", "window_start_utc", "tool_version", "transport_extra");

    /** One window: its cell and its figures. */
    public record W(double rate, int cycle, int window, double energyJ, long tokens, boolean valid, String reason,
             double ttftP99, double tpotP99) {
        public static W of(double rate, double energyJ, long tokens) {
            return new W(rate, 1, 0, energyJ, tokens, true, "", 100, 10);
        }

        public W cycle(int c) {
            return new W(rate, c, window, energyJ, tokens, valid, reason, ttftP99, tpotP99);
        }

        public W window(int w) {
            return new W(rate, cycle, w, energyJ, tokens, valid, reason, ttftP99, tpotP99);
        }

        public W invalid(String why) {
            return new W(rate, cycle, window, energyJ, tokens, false, why, ttftP99, tpotP99);
        }

        public W latency(double ttft, double tpot) {
            return new W(rate, cycle, window, energyJ, tokens, valid, reason, ttft, tpot);
        }
    }

    private CompareFixtures() {
    }

    static String hash(String engine, Integer seqs, double rate) {
        return String.format(java.util.Locale.ROOT, "%016x", (engine + seqs + rate).hashCode() & 0xffffffffL);
    }

    /** Writes a results folder {@code dir} for one configuration (engine, max_num_seqs; null = default). */
    public static Path folder(Path dir, String study, String engine, Integer seqs, List<W> windows) throws IOException {
        Files.createDirectories(dir);
        StringWriter out = new StringWriter();
        CsvWriter csv = new CsvWriter(out, c -> Kind.UNKNOWN);
        csv.writeHeader(COLUMNS);
        ObjectMapper json = new ObjectMapper();
        ObjectNode resolved = json.createObjectNode();
        resolved.put("study_name", study);
        resolved.put("tool_version", "test");
        ArrayNode cells = resolved.putArray("cells");
        Map<String, Boolean> seen = new LinkedHashMap<>();
        for (W w : windows) {
            String h = hash(engine, seqs, w.rate());
            String id = "server-" + h + "-c" + w.cycle() + "-L0-W" + w.window();
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("output_tokens", w.tokens());
            v.put("rate_req_s", w.rate());
            v.put("energy_j", w.energyJ());
            v.put("experiment_id", id);
            v.put("study_name", study);
            v.put("config_hash", h);
            v.put("cycle", w.cycle());
            v.put("level_index", 0);
            v.put("window_index", w.window());
            v.put("engine", engine);
            v.put("model", "m");
            v.put("energy_kind", "measured");
            v.put("energy_source", "nvml");
            v.put("j_per_token", w.energyJ() / w.tokens());
            v.put("level_valid", w.valid());
            v.put("invalid_reason", w.reason());
            v.put("ttft_p99_ms", w.ttftP99());
            v.put("tpot_p99_ms", w.tpotP99());
            v.put("e2e_p99_ms", w.ttftP99() + 64 * w.tpotP99());
            v.put("goodput_tokens_s", 1000.0);
            v.put("window_start_utc", "2026-12-01T20:00:0" + w.window() + "Z");
            v.put("tool_version", "test");
            v.put("transport_extra", "x");
            List<Object> row = new ArrayList<>();
            COLUMNS.forEach(c -> row.add(v.get(c)));
            csv.writeRow(row);
            if (seen.put(h, true) == null) {
                ObjectNode cell = cells.addObject();
                cell.put("config_hash", h);
                cell.put("cycle", 1);
                cell.put("rate_req_s", w.rate());
                ObjectNode config = cell.putObject("config");
                config.put("engine", engine);
                ObjectNode ref = config.putObject("reference");
                if (seqs == null) {
                    ref.putNull("max_num_seqs");
                } else {
                    ref.put("max_num_seqs", seqs);
                }
                config.putObject("server").putObject("traffic").put("rate", w.rate());
            }
        }
        csv.flush();
        Files.writeString(dir.resolve("windows.csv"), out.toString());
        Files.writeString(dir.resolve("resolved.json"), json.writerWithDefaultPrettyPrinter()
                .writeValueAsString(resolved));
        return dir;
    }

    /** Three windows at one rate with the given energies and tokens. */
    public static List<W> level(double rate, double[] energy, long[] tokens) {
        List<W> out = new ArrayList<>();
        for (int i = 0; i < energy.length; i++) {
            out.add(W.of(rate, energy[i], tokens[i]).window(i));
        }
        return out;
    }
}

package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import io.joulebench.core.study.CapacitySearchConfig;
import io.joulebench.core.study.ResolvedCell;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A results folder's capacity-search files: {@value #JSON} (per search cell: its settings, the path with the bracket
 * after each probe, the outcome, capacity, bracket and measured rates) and {@value #CSV} (one row per probe, made
 * from the JSON). Probes never go to windows.csv or a bundle: their energy is not a measured J/token.
 */
public final class CapacityFiles {

    public static final String JSON = "capacity.json";
    public static final String CSV = "probes.csv";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CapacityFiles() {
    }

    /** Records one cell's finished search, replacing an earlier record of the same cell (a rerun search). */
    public static void write(Path dir, ResolvedCell cell, CapacitySearchConfig settings, CapacitySearch.Result result)
            throws IOException {
        Path json = dir.resolve(JSON);
        ObjectNode root = Files.exists(json) ? (ObjectNode) MAPPER.readTree(json.toFile()) : MAPPER.createObjectNode();
        ArrayNode searches = root.has("searches") ? (ArrayNode) root.get("searches") : root.putArray("searches");
        String key = ManifestEntry.key(cell.configHash(), cell.cycle());
        for (int i = searches.size() - 1; i >= 0; i--) {
            if (key.equals(searches.get(i).path("cell").asText())) {
                searches.remove(i);
            }
        }
        searches.add(entry(key, cell, settings, result));
        AtomicFiles.write(json, MAPPER.writeValueAsString(root));
        AtomicFiles.write(dir.resolve(CSV), csv(searches));
    }

    /**
     * One line per search recorded in {@code dir}'s {@value #JSON}, for a run's summary, e.g. "capacity search (cell
     * 0): capacity 38.9 req/s, bracket 38.9–39.8 req/s, 8 probes (probes.csv)"; empty without the file.
     */
    public static List<String> summaryLines(Path dir) throws IOException {
        Path json = dir.resolve(JSON);
        List<String> out = new ArrayList<>();
        if (!Files.exists(json)) {
            return out;
        }
        for (JsonNode search : MAPPER.readTree(json.toFile()).path("searches")) {
            String found = switch (search.path("outcome").asText()) {
                case "below_minimum" -> String.format(Locale.ROOT, "no capacity: %.3g req/s already breaks the SLO",
                        search.path("settings").path("min_rate").asDouble());
                case "at_or_above_maximum" -> String.format(Locale.ROOT, "capacity at least %.3g req/s (the maximum"
                        + " searched)", search.path("capacity").asDouble());
                default -> String.format(Locale.ROOT, "capacity %.3g req/s, bracket %.3g–%.3g req/s",
                        search.path("capacity").asDouble(), search.path("bracket_low").asDouble(),
                        search.path("bracket_high").asDouble());
            };
            out.add(String.format(Locale.ROOT, "capacity search (cell %d): %s, %d probes (%s)",
                    search.path("cell_index").asInt(), found, search.path("path").size(), CSV));
        }
        return out;
    }

    private static ObjectNode entry(String key, ResolvedCell cell, CapacitySearchConfig s, CapacitySearch.Result r) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("cell", key);
        n.put("cell_index", cell.index());
        n.put("config_hash", cell.configHash());
        n.put("cycle", cell.cycle());
        ObjectNode settings = n.putObject("settings");
        ObjectNode slo = settings.putObject("slo");
        for (Slo.Bound b : s.slo().bounds()) {
            slo.put(b.metric().column(), b.limit());
        }
        settings.put("max_error_fraction", s.maxErrorFraction());
        settings.put("min_rate", s.minRate());
        settings.put("max_rate", s.maxRate());
        settings.put("tolerance", s.tolerance());
        settings.put("probe_seconds", s.probeSeconds());
        s.measureFractions().forEach(settings.putArray("measure_fractions")::add);
        ArrayNode path = n.putArray("path");
        double low = 0;
        double high = Double.POSITIVE_INFINITY;
        for (Probe p : r.path()) {
            if (p.meets()) {
                low = Math.max(low, p.rate());
            } else {
                high = Math.min(high, p.rate());
            }
            ObjectNode probe = path.addObject();
            probe.put("rate_req_s", p.rate());
            ObjectNode figures = probe.putObject("figures");
            p.figures().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                    .forEach(e -> figures.put(e.getKey().column(), e.getValue()));
            probe.put("error_fraction", p.errorFraction());
            probe.put("meets", p.meets());
            p.violations().forEach(probe.putArray("violations")::add);
            probe.put("bracket_low", low);
            putBound(probe, "bracket_high", high);
        }
        n.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
        n.put("capacity", r.capacity());
        n.put("bracket_low", r.bracketLow());
        putBound(n, "bracket_high", r.bracketHigh());
        r.measuredRates(s.measureFractions()).forEach(n.putArray("measured_rates")::add);
        return n;
    }

    /** An upper bound, null when no probe failed (JSON has no infinity). */
    private static void putBound(ObjectNode n, String field, double v) {
        if (Double.isInfinite(v)) {
            n.putNull(field);
        } else {
            n.put(field, v);
        }
    }

    private static String csv(ArrayNode searches) throws IOException {
        List<String> header = new ArrayList<>(List.of("cell", "probe", "rate_req_s", "meets", "error_fraction"));
        LevelMetric.latencies().forEach(m -> header.add(m.column()));
        header.addAll(List.of("bracket_low", "bracket_high", "violations"));
        StringWriter out = new StringWriter();
        try (CsvWriter w = new CsvWriter(out, name -> name.equals("violations") ? Kind.TEXT : Kind.VALUE)) {
            w.writeHeader(header);
            for (JsonNode search : searches) {
                int i = 0;
                for (JsonNode p : search.path("path")) {
                    List<Object> row = new ArrayList<>(List.of(search.path("cell").asText(), ++i,
                            p.path("rate_req_s").asDouble(), p.path("meets").asBoolean(),
                            p.path("error_fraction").asDouble()));
                    LevelMetric.latencies().forEach(m -> row.add(p.path("figures").has(m.column())
                            ? p.path("figures").path(m.column()).asDouble() : null));
                    row.add(p.path("bracket_low").asDouble());
                    row.add(p.path("bracket_high").isNumber() ? p.path("bracket_high").asDouble() : null);
                    List<String> v = new ArrayList<>();
                    p.path("violations").forEach(x -> v.add(x.asText()));
                    row.add(String.join("; ", v));
                    w.writeRow(row);
                }
            }
        }
        return out.toString();
    }
}

package io.joulebench.core.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ResolvedJson;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.results.WindowsCsvTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One results folder read for a comparison: its windows (windows.csv, by column name), the resolved config of each
 * config hash (resolved.json, else only what windows.csv says) and where and how it was measured (the first
 * window's result.json).
 *
 * @param configs    config hash → the cell's resolved config; empty when the folder has no resolved.json
 * @param provenance what was measured where, for the report
 */
public record ResultsRun(Path folder, String studyName, WindowsCsvTable windows, Map<String, JsonNode> configs,
                         Provenance provenance) {

    /** The bundle file with a window's result (written by the results folder's bundle writer). */
    static final String RESULT_FILE = "result.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Where and how a folder was measured, as far as it records it.
     *
     * @param devices      the metered devices' names ({@code energy_devices}), distinct
     * @param energySources the {@code energy_source} values, distinct
     * @param energyKinds  the {@code energy_kind} values, distinct
     * @param firstWindowUtc the earliest {@code window_start_utc}; null when none
     * @param lastWindowUtc  the latest {@code window_start_utc}; null when none
     * @param hostNames      the machines it ran on ({@code host_name} of resolved.json, else of the bundles'
     *                       result.json), distinct; empty when the folder predates the field
     * @param engineVersions config hash → what its engine said it is (the first window's
     *                       {@code session.engine_version}); a hash is absent when not recorded
     */
    public record Provenance(String toolVersion, String createdUtc, String studyFile, List<String> engines,
                             List<String> models, List<String> devices, List<String> energySources,
                             List<String> energyKinds, String firstWindowUtc, String lastWindowUtc,
                             List<String> hostNames, Map<String, String> engineVersions) {

        public Provenance {
            hostNames = List.copyOf(hostNames);
            engineVersions = Map.copyOf(engineVersions);
        }

        /** The distinct engine versions of these config hashes, in their order; empty when none was recorded. */
        public List<String> engineVersionsOf(java.util.Collection<String> configHashes) {
            Set<String> out = new LinkedHashSet<>();
            configHashes.forEach(h -> add(out, engineVersions.get(h)));
            return List.copyOf(out);
        }
    }

    public ResultsRun {
        configs = Map.copyOf(configs);
    }

    /**
     * Reads a results folder.
     *
     * @throws CompareInputException when it is not a results folder (no windows.csv) or a file does not parse
     */
    public static ResultsRun read(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new CompareInputException(folder + " is not a results folder: no such folder");
        }
        if (!Files.isRegularFile(dir.resolve(WindowsCsvTable.FILE_NAME))) {
            throw new CompareInputException(folder + " is not a results folder: it has no "
                    + WindowsCsvTable.FILE_NAME);
        }
        WindowsCsvTable table;
        try {
            table = WindowsCsvTable.readFolder(dir);
        } catch (IOException | RuntimeException e) {
            throw new CompareInputException(folder + ": " + WindowsCsvTable.FILE_NAME + " cannot be read: "
                    + e.getMessage(), e);
        }
        JsonNode resolved = readJson(dir.resolve(ResolvedJson.FILE_NAME), folder);
        Map<String, JsonNode> configs = new LinkedHashMap<>();
        if (resolved != null) {
            for (JsonNode c : resolved.path("cells")) {
                configs.putIfAbsent(c.path("config_hash").asText(), c.path("config"));
            }
        }
        String studyName = text(resolved, "study_name");
        if (studyName == null) {
            JsonNode manifest = readJson(dir.resolve(Manifest.FILE_NAME), folder);
            studyName = text(manifest, "study_name");
        }
        if (studyName == null && !table.rows().isEmpty()) {
            studyName = table.rows().get(0).studyName();
        }
        if (studyName == null || studyName.isEmpty()) {
            studyName = dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
        }
        return new ResultsRun(dir, studyName, table, configs, provenance(dir, resolved, table, folder));
    }

    private static Provenance provenance(Path dir, JsonNode resolved, WindowsCsvTable table, Path shown) {
        Set<String> engines = new LinkedHashSet<>();
        Set<String> models = new LinkedHashSet<>();
        Set<String> sources = new LinkedHashSet<>();
        Set<String> kinds = new LinkedHashSet<>();
        Set<String> tools = new LinkedHashSet<>();
        String first = null;
        String last = null;
        for (WindowRow r : table.rows()) {
            add(engines, r.text(WindowsCsvColumns.ENGINE));
            add(models, r.text(WindowsCsvColumns.MODEL));
            add(sources, r.text("energy_source"));
            add(kinds, r.energyKind());
            add(tools, r.text("tool_version"));
            String start = r.text("window_start_utc");
            if (!start.isEmpty()) {
                first = first == null || start.compareTo(first) < 0 ? start : first;
                last = last == null || start.compareTo(last) > 0 ? start : last;
            }
        }
        Set<String> devices = new LinkedHashSet<>();
        Set<String> hosts = new LinkedHashSet<>();
        add(hosts, text(resolved, "host_name"));
        Map<String, String> engineVersions = new LinkedHashMap<>();
        Set<String> hashesSeen = new LinkedHashSet<>();
        for (WindowRow r : table.rows()) {
            // one result.json per config hash: its engine version (and the first one's devices and host)
            if (!hashesSeen.add(r.text(WindowsCsvColumns.CONFIG_HASH))) {
                continue;
            }
            JsonNode result = readJson(dir.resolve(r.experimentId()).resolve(RESULT_FILE), shown);
            if (result == null) {
                continue;
            }
            if (devices.isEmpty()) {
                for (JsonNode d : result.path("energy_devices")) {
                    add(devices, d.path("name").asText(""));
                }
            }
            if (resolved == null || text(resolved, "host_name") == null) {
                add(hosts, text(result, "host_name"));
            }
            String engineVersion = text(result.path("session"), "engine_version");
            if (engineVersion != null && !engineVersion.isEmpty()) {
                engineVersions.put(r.text(WindowsCsvColumns.CONFIG_HASH), engineVersion);
            }
        }
        String tool = text(resolved, "tool_version");
        if (tool == null) {
            tool = String.join(", ", tools);
        }
        return new Provenance(tool, text(resolved, "created_utc"), text(resolved, "study_file"),
                List.copyOf(engines), List.copyOf(models), List.copyOf(devices), List.copyOf(sources),
                List.copyOf(kinds), first, last, List.copyOf(hosts), engineVersions);
    }

    private static void add(Set<String> set, String value) {
        if (value != null && !value.isEmpty()) {
            set.add(value);
        }
    }

    private static JsonNode readJson(Path file, Path shown) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new CompareInputException(shown + ": " + file.getFileName() + " does not parse: "
                    + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    private static String text(JsonNode node, String field) {
        if (node == null || node.isMissingNode()) {
            return null;
        }
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** The folder's name ({@code quickstart-20261201T201959Z}). */
    public String name() {
        return folder.getFileName() == null ? folder.toString() : folder.getFileName().toString();
    }
}

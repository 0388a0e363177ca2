package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code joulebench export FOLDER --upstream DIR}: a copy of a results folder that llenergymeasure's own loaders open
 * (decision 0017). Folder and bundle names are upstream's ({@link UpstreamNames}); each JSON file holds exactly
 * upstream's keys ({@link UpstreamSchema}); Joulebench's other fields go to a {@value #SIDECAR} beside it (per bundle,
 * and one at the study level with the manifest's and the window id → bundle name map). Every other file is copied
 * as it is. The native folder is only read.
 */
public final class UpstreamExport {

    /** Joulebench's fields that upstream's models would reject; upstream reads only its own file names. */
    public static final String SIDECAR = "joulebench.json";
    private static final List<String> JSON_FILES = List.of(BundleWriter.RESULT, BundleWriter.CONFIG,
            BundleWriter.SYSTEM);

    private UpstreamExport() {
    }

    /** The export was refused before anything was written (bad input, exit 2 in the CLI). */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    /** Writes the copy under {@code dir} (absent or empty) and returns its study folder. */
    public static Path write(Path folder, Path dir) throws IOException {
        Path manifestFile = folder.resolve(Manifest.FILE_NAME);
        if (!Files.isRegularFile(manifestFile) || !Files.isRegularFile(folder.resolve(WindowsCsvTable.FILE_NAME))) {
            throw new Refused(folder + " is not a results folder: it has no " + Manifest.FILE_NAME + " or "
                    + WindowsCsvTable.FILE_NAME);
        }
        if (Files.exists(dir) && (!Files.isDirectory(dir) || !isEmpty(dir))) {
            throw new Refused(dir + " exists and is not empty: give a new or empty folder for the upstream copy");
        }
        WindowsCsvTable windows = WindowsCsvTable.readFolder(folder); // a torn file is rebuilt or refused, never copied
        JsonNode manifest = ResultsJson.read(manifestFile);
        Map<String, String> names = bundleNames(folder, Manifest.read(manifestFile).entries());
        String study = UpstreamNames.study(ResultsJson.text(manifest, "study_name"), created(folder));

        Path parent = dir.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, AtomicFiles.TEMP_PREFIX + "upstream-");
        try {
            fill(folder, windows, manifest, names, tmp.resolve(study));
        } catch (IOException | RuntimeException e) {
            deleteTree(tmp); // nothing half-written is left beside DIR
            throw e;
        }
        Files.deleteIfExists(dir);
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        return dir.resolve(study);
    }

    private static void fill(Path folder, WindowsCsvTable windows, JsonNode manifest, Map<String, String> names,
            Path out)
            throws IOException {
        Files.createDirectories(out);
        for (Map.Entry<String, String> b : names.entrySet()) {
            exportBundle(folder.resolve(b.getKey()), out.resolve(b.getValue()), b.getKey());
        }
        exportManifest(manifest, names, folder, out, Manifest.read(folder.resolve(Manifest.FILE_NAME)).entries());
        try (Stream<Path> top = Files.list(folder)) {
            for (Path p : top.toList()) {
                String n = p.getFileName().toString();
                if (n.equals(WindowsCsvTable.FILE_NAME)) {
                    WindowsCsvExporter.write(windows.rows(), out.resolve(n), (done, total) -> { });
                } else if (!names.containsKey(n) && !n.equals(Manifest.FILE_NAME)
                        && !n.startsWith(AtomicFiles.TEMP_PREFIX)) {
                    copyTree(p, out.resolve(n)); // windows.csv, resolved.json, study.yaml, logs/, interrupted/ …
                }
            }
        }
    }

    /** Window id → upstream bundle name, in manifest order: the n-th entry is index n, its windows take _1, _2 …. */
    static Map<String, String> bundleNames(Path folder, List<ManifestEntry> entries) throws IOException {
        Map<String, String> names = new LinkedHashMap<>();
        int index = 0;
        for (ManifestEntry e : entries) {
            index++;
            int collision = 0;
            for (String id : e.windowIds()) {
                Path result = folder.resolve(id).resolve(BundleWriter.RESULT);
                if (!Files.isRegularFile(result)) {
                    throw new Refused(folder + " is not a complete results folder: " + Manifest.FILE_NAME
                            + " lists " + id + " but it has no " + BundleWriter.RESULT);
                }
                JsonNode r = ResultsJson.read(result);
                names.put(id, UpstreamNames.bundle(index, e.cycle(), r.path("model_name").asText("model"),
                        r.path("engine").asText("engine"), e.configHash(), collision++));
            }
        }
        return names;
    }

    private static void exportBundle(Path from, Path to, String windowId) throws IOException {
        Files.createDirectories(to);
        ObjectNode sidecar = ResultsJson.object();
        sidecar.put("about", "Joulebench's fields that upstream's files leave out; merge each file's entry into it"
                + " (same nesting) to get Joulebench's native file back");
        sidecar.put("native_bundle", windowId);
        ObjectNode files = sidecar.putObject("files");
        try (Stream<Path> list = Files.list(from)) {
            for (Path p : list.toList()) {
                String n = p.getFileName().toString();
                if (JSON_FILES.contains(n)) {
                    UpstreamSchema.Split s = UpstreamSchema.split(n, ResultsJson.read(p));
                    ResultsJson.write(to.resolve(n), s.upstream());
                    files.set(n, s.extras());
                } else if (!n.startsWith(AtomicFiles.TEMP_PREFIX)) {
                    copyTree(p, to.resolve(n)); // the Parquet files, the CSVs, window.csv
                }
            }
        }
        ResultsJson.write(to.resolve(SIDECAR), sidecar);
    }

    private static void exportManifest(JsonNode manifest, Map<String, String> names, Path folder, Path out,
            List<ManifestEntry> entries) throws IOException {
        UpstreamSchema.Split s = UpstreamSchema.split(Manifest.FILE_NAME, manifest);
        ObjectNode m = (ObjectNode) s.upstream();
        // upstream's StudyManifest requires a str: "" (as upstream writes for a missing design hash), null kept in
        // the sidecar so the merge gives the native file back
        if (!m.path("llenergymeasure_version").isTextual()) {
            ((ObjectNode) s.extras()).set("llenergymeasure_version", m.get("llenergymeasure_version"));
            m.put("llenergymeasure_version", "");
        }
        List<String> added = upstreamCounters(m, entries, createdText(folder));
        for (JsonNode x : s.upstream().path("experiments")) {
            JsonNode rf = x.get("result_file");
            if (rf != null && rf.isTextual()) {
                String id = rf.asText().substring(0, rf.asText().indexOf('/'));
                String renamed = names.get(id);
                ((ObjectNode) x).put("result_file", renamed == null ? rf.asText()
                        : renamed + rf.asText().substring(id.length()));
            }
        }
        ResultsJson.write(out.resolve(Manifest.FILE_NAME), s.upstream());
        ObjectNode sidecar = ResultsJson.object();
        sidecar.put("about", "Joulebench's manifest fields that upstream's manifest leaves out, and each native window"
                + " id's bundle name here (result_file in manifest.json uses the bundle names)");
        sidecar.put("native_folder", folder.toAbsolutePath().getFileName().toString());
        added.forEach(sidecar.putArray("export_added")::add);
        ObjectNode map = sidecar.putObject("bundles");
        names.forEach(map::put);
        sidecar.putObject("files").set(Manifest.FILE_NAME, s.extras());
        ResultsJson.write(out.resolve(SIDECAR), sidecar);
    }

    /**
     * The keys upstream's {@code StudyManifest} requires that the native manifest leaves to {@code cells}: its
     * {@code schema_version}, {@code started_at} (when the study folder was created), {@code status}
     * ({@code completed} when no cell is pending or running, else {@code interrupted}: the run stopped before them)
     * and the counters as upstream's {@code _recount} makes them (running counts as pending). Returns the keys put.
     */
    static List<String> upstreamCounters(ObjectNode m, List<ManifestEntry> entries, String startedAt) {
        long completed = entries.stream().filter(e -> e.status() == CellStatus.COMPLETED).count();
        long failed = entries.stream().filter(e -> e.status() == CellStatus.FAILED).count();
        long pending = entries.size() - completed - failed;
        m.put("schema_version", "2.0");
        m.put("started_at", startedAt);
        m.put("status", pending == 0 ? "completed" : "interrupted");
        m.put("total_experiments", entries.size());
        m.put("completed", completed);
        m.put("failed", failed);
        m.put("pending", pending);
        return List.of("schema_version", "started_at", "status", "total_experiments", "completed", "failed",
                "pending");
    }

    /** When the study was created (resolved.json), else the manifest's last change. */
    private static Instant created(Path folder) throws IOException {
        return Instant.parse(createdText(folder));
    }

    private static String createdText(Path folder) throws IOException {
        Path resolved = folder.resolve(ResolvedJson.FILE_NAME);
        if (Files.isRegularFile(resolved)) {
            String c = ResultsJson.text(ResultsJson.read(resolved), "created_utc");
            if (c != null) {
                return c;
            }
        }
        return Files.getLastModifiedTime(folder.resolve(Manifest.FILE_NAME)).toInstant().toString();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (Files.isDirectory(from)) {
            Files.createDirectories(to);
            try (Stream<Path> list = Files.list(from)) {
                for (Path p : list.toList()) {
                    copyTree(p, to.resolve(p.getFileName().toString()));
                }
            }
        } else {
            Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p)) {
            try (Stream<Path> list = Files.list(p)) {
                for (Path c : list.toList()) {
                    deleteTree(c);
                }
            }
        }
        Files.deleteIfExists(p);
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }
}

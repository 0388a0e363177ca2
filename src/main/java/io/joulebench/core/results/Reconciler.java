package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Brings a results folder back to exactly what its manifest credits, after a crash at any instant: temp leftovers go,
 * bundles of uncredited cells go, a credited cell whose bundle is missing or unreadable is un-credited (resume reruns
 * it), and {@code windows.csv} is rebuilt atomically from the credited bundles' own rows unless it already holds each
 * credited window exactly once and nothing else ({@code devices.csv} with it, or when its last append was torn).
 */
final class Reconciler {

    private Reconciler() {
    }

    static Manifest reconcile(Path dir, Clock clock) throws IOException {
        Path manifestFile = dir.resolve(Manifest.FILE_NAME);
        if (!Files.isRegularFile(manifestFile)) {
            throw new NoSuchFileException(dir.toString(), null, "not a results folder: it has no " + Manifest.FILE_NAME);
        }
        removeTemps(dir);
        Manifest manifest = Manifest.read(manifestFile);
        boolean changed = false;
        Set<String> credited = new LinkedHashSet<>();
        for (ManifestEntry e : manifest.entries()) {
            if (!e.credited()) {
                continue;
            }
            if (e.windowIds().stream().allMatch(id -> intact(dir.resolve(id)))) {
                credited.addAll(e.windowIds());
            } else {
                manifest.put(e.with(CellStatus.PENDING, "a credited bundle was missing; rerun", null, null, List.of(),
                        null, clock.wallTime().toString()));
                changed = true;
            }
        }
        if (changed) {
            manifest.write(manifestFile);
        }
        removeUncreditedBundles(dir, credited);
        Path csv = dir.resolve(WindowsCsvTable.FILE_NAME);
        if (!matches(csv, credited)) {
            rebuild(dir, csv, credited);
            DevicesCsv.rebuild(dir, credited);
        } else if (!DevicesCsv.whole(dir)) {
            DevicesCsv.rebuild(dir, credited); // a torn append, or a folder from before devices.csv
        }
        return manifest;
    }

    /** A bundle folder whose result.json parses and whose own row exists. */
    static boolean intact(Path bundle) {
        try {
            ResultsJson.read(bundle.resolve(BundleWriter.RESULT));
            return Files.isRegularFile(bundle.resolve(BundleWriter.ROW));
        } catch (IOException e) {
            return false;
        }
    }

    private static void removeTemps(Path dir) throws IOException {
        List<Path> temps = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, AtomicFiles.TEMP_PREFIX + "*")) {
            entries.forEach(temps::add);
        }
        for (Path p : temps) {
            AtomicFiles.deleteTree(p);
        }
    }

    private static void removeUncreditedBundles(Path dir, Set<String> credited) throws IOException {
        List<Path> stale = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir,
                p -> Files.isDirectory(p) && isWindowId(p.getFileName().toString()))) {
            for (Path p : entries) {
                if (!credited.contains(p.getFileName().toString())) {
                    stale.add(p);
                }
            }
        }
        for (Path p : stale) {
            AtomicFiles.deleteTree(p);
        }
        if (!stale.isEmpty()) {
            AtomicFiles.syncDirectory(dir);
        }
    }

    static boolean isWindowId(String name) {
        return name.matches("(server-[0-9a-f]{16}-c\\d+-L\\d+-W\\d+|offline-[0-9a-f]{16}-c\\d+(-W\\d+)?)");
    }

    /** True when the file parses, has the known header, every row is whole and the ids are exactly the credited. */
    private static boolean matches(Path csv, Set<String> credited) {
        try {
            String text = Files.readString(csv, StandardCharsets.UTF_8);
            if (text.isEmpty() || WindowsCsvDamage.find(text).isPresent()) {
                return false; // a torn append
            }
            List<List<String>> records = new CsvReader(new StringReader(text)).readAll();
            if (records.isEmpty() || !records.get(0).equals(WindowsCsvColumns.ALL)) {
                return false;
            }
            Set<String> seen = new HashSet<>();
            for (List<String> r : records.subList(1, records.size())) {
                if (r.size() != WindowsCsvColumns.ALL.size() || !seen.add(r.get(0)) || !credited.contains(r.get(0))) {
                    return false;
                }
            }
            return seen.size() == credited.size();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    static void rebuild(Path dir, Path csv, Set<String> credited) throws IOException {
        AtomicFiles.write(csv, rowsOf(dir, credited));
    }

    /**
     * The windows.csv the folder's credited bundles make, without writing anything (a reader of a folder that a run
     * may still be writing); empty when the folder has no manifest or a credited bundle is missing or unreadable.
     */
    static java.util.Optional<String> creditedText(Path dir) {
        try {
            Manifest manifest = Manifest.read(dir.resolve(Manifest.FILE_NAME));
            Set<String> credited = new LinkedHashSet<>();
            for (ManifestEntry e : manifest.entries()) {
                if (e.credited()) {
                    credited.addAll(e.windowIds());
                }
            }
            if (!credited.stream().allMatch(id -> intact(dir.resolve(id)))) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(rowsOf(dir, credited));
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    private static String rowsOf(Path dir, Set<String> credited) throws IOException {
        StringBuilder out = new StringBuilder(BundleWriter.header());
        String header = out.toString();
        for (String id : credited) {
            String own = Files.readString(dir.resolve(id).resolve(BundleWriter.ROW), StandardCharsets.UTF_8);
            if (!own.startsWith(header)) {
                throw new IOException("bundle " + id + " has a " + BundleWriter.ROW + " with another header");
            }
            out.append(own, header.length(), own.length());
        }
        return out.toString();
    }
}

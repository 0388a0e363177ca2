package io.joulebench.core.results;

import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.energy.BracketResult;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code devices.csv}: each window's energy per metered device ({@link DeviceColumn}). Every bundle holds its own
 * rows; the results folder's file is their concatenation in windows.csv order, appended when a level is credited and
 * rebuilt from the credited bundles whenever windows.csv is (the manifest stays the truth, docs/decisions/0004).
 */
public final class DevicesCsv {

    public static final String FILE_NAME = "devices.csv";

    private DevicesCsv() {
    }

    public static String header() {
        StringWriter out = new StringWriter();
        try {
            new CsvWriter(out, DeviceColumn::kind).writeHeader(DeviceColumn.names());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * The window's rows (CRLF ended), one per device of each domain that measured it (the GPUs, then the host when
     * a host meter ran beside them); empty without a bracket.
     */
    public static String rows(WindowFacts window) {
        if (window.bracket() == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (BracketResult domain : window.bracket().measuredDomains()) {
            for (int i = 0; i < domain.devices().size(); i++) {
                DeviceColumn.Row row = new DeviceColumn.Row(window, domain, i);
                out.append(DeviceColumn.TABLE.csvLine(row)).append("\r\n");
            }
        }
        return out.toString();
    }

    /** The rows of one bundle's own devices.csv, without its header; empty for a bundle written before it existed. */
    static String bundleRows(Path bundle) throws IOException {
        Path file = bundle.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        String own = Files.readString(file, StandardCharsets.UTF_8);
        String header = header();
        if (!own.startsWith(header)) {
            throw new IOException("bundle " + bundle.getFileName() + " has a " + FILE_NAME + " with another header");
        }
        return own.substring(header.length());
    }

    /** Rewrites the folder's devices.csv from the bundles of {@code windowIds}, in that order. */
    static void rebuild(Path dir, Iterable<String> windowIds) throws IOException {
        StringBuilder out = new StringBuilder(header());
        for (String id : windowIds) {
            out.append(bundleRows(dir.resolve(id)));
        }
        AtomicFiles.write(dir.resolve(FILE_NAME), out.toString());
    }

    /**
     * {@code joulebench export --devices}: the device rows of every window {@code table} lists, in its order, read
     * from the bundles (a bundle written before devices.csv existed adds none).
     */
    public static void export(Path resultsDir, WindowsCsvTable table, java.io.Writer out) throws IOException {
        out.write(header());
        for (WindowRow row : table.rows()) {
            String id = row.experimentId();
            if (Reconciler.isWindowId(id) && Files.isDirectory(resultsDir.resolve(id))) {
                out.write(bundleRows(resultsDir.resolve(id)));
            }
        }
        out.flush();
    }

    /** As {@link #export(Path, WindowsCsvTable, java.io.Writer)}, to {@code file} atomically. */
    public static void export(Path resultsDir, WindowsCsvTable table, Path file) throws IOException {
        StringWriter text = new StringWriter();
        export(resultsDir, table, text);
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        AtomicFiles.write(target, text.toString());
    }

    /**
     * The folder's devices.csv as rows of header → cell, for readers such as the results browser; empty when the run
     * wrote none (measured before per-device tables).
     */
    public static List<java.util.Map<String, String>> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        return Files.isRegularFile(file) ? io.joulebench.core.csv.CsvReader.rowsOf(file) : List.of();
    }

    /** Whether the folder's devices.csv exists and ends with a whole row (an append cut by a crash does not). */
    static boolean whole(Path dir) {
        try {
            String text = Files.readString(dir.resolve(FILE_NAME), StandardCharsets.UTF_8);
            return text.startsWith(header()) && text.endsWith("\r\n");
        } catch (IOException e) {
            return false;
        }
    }
}

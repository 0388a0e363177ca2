package io.joulebench.core.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.window.RequestLogSpill;
import io.joulebench.core.window.WindowRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes one window bundle: every file into a temp folder beside the target (each forced to disk), then one rename
 * to the window id. A kill at any instant leaves either no bundle or a whole one (plus a temp folder that
 * reconciliation removes).
 */
final class BundleWriter {

    static final String RESULT = "result.json";
    static final String CONFIG = "config.json";
    static final String REQUESTS = "requests.csv";
    static final String TIMESERIES = "timeseries.csv";
    static final String SYSTEM = "system.json";
    static final String REQUESTS_PARQUET = "requests.parquet";
    static final String TIMESERIES_PARQUET = "timeseries.parquet";
    /** The bundle's own {@code windows.csv} row (header + one row): the source for rebuilding {@code windows.csv}. */
    static final String ROW = "window.csv";


    private BundleWriter() {
    }

    /**
     * Writes the bundle of one window and returns its folder.
     *
     * @param stagedRows the window's request rows as the level spilled them ({@link RequestLogSpill}), or null (the
     *                   request files hold no row); deleted once the bundle is in place
     */
    static Path write(Path resultsDir, WindowFacts window, List<Object> rowValues, SessionBlock session,
                      Path stagedRows, Redactor redactor, CrashHook hook) throws IOException {
        return write(resultsDir, resultsDir.resolve(window.windowId()), window, rowValues, session, stagedRows,
                redactor, hook);
    }

    /**
     * As {@link #write(Path, WindowFacts, List, SessionBlock, Path, Redactor, CrashHook)},
     * into {@code target} (a folder under the results folder, e.g. {@code interrupted/<id>-<UTC>}); the temp folder
     * is still made at the top of the results folder, where reconciliation sweeps temp leftovers.
     */
    static Path write(Path resultsDir, Path target, WindowFacts window, List<Object> rowValues, SessionBlock session,
                      Path stagedRows, Redactor redactor, CrashHook hook) throws IOException {
        String windowId = window.windowId();
        Path tmp = resultsDir.resolve(AtomicFiles.TEMP_PREFIX + windowId + "-" + UUID.randomUUID());
        Files.createDirectory(tmp);
        try {
            fill(tmp, target, window, rowValues, session, stagedRows, redactor, hook);
        } catch (IOException | RuntimeException e) {
            discard(tmp, e); // an Error (a crash, simulated or not) leaves the temp folder for reconciliation
            throw e;
        }
        AtomicFiles.syncDirectory(target.getParent());
        if (!target.getParent().equals(resultsDir)) {
            AtomicFiles.syncDirectory(resultsDir);
        }
        if (stagedRows != null) {
            RequestLogSpill.delete(stagedRows); // its rows are in the bundle now; staging keeps no second copy
        }
        return target;
    }

    /** Writes the bundle's files into {@code tmp} and renames it to {@code target}. */
    private static void fill(Path tmp, Path target, WindowFacts window, List<Object> rowValues, SessionBlock session,
                             Path stagedRows, Redactor redactor, CrashHook hook) throws IOException {
        LevelResult level = window.level();
        WindowRecord w = window.window();
        String windowId = window.windowId();
        List<PowerSample> samples = samples(window);
        durable(tmp.resolve(RESULT), ResultsJson.text(result(window, session, redactor)));
        hook.reached("bundle-partial");
        durable(tmp.resolve(CONFIG), ResultsJson.text(config(level, windowId, redactor)));
        BundleRequests.write(tmp, stagedRows, requestsMetadata(window));
        durable(tmp.resolve(SYSTEM), ResultsJson.text(SystemJson.of(window, session)));
        long startNanos = w.bracket() == null ? w.spanStartNanos() : w.bracket().startNanos();
        durable(tmp.resolve(TIMESERIES), timeseries(samples, startNanos));
        durable(tmp.resolve(TIMESERIES_PARQUET), out -> BundleParquet.writeTimeseries(out, samples, startNanos));
        durable(tmp.resolve(DevicesCsv.FILE_NAME), DevicesCsv.header() + DevicesCsv.rows(window));
        durable(tmp.resolve(ROW), rowCsv(rowValues));
        AtomicFiles.syncDirectory(tmp);
        if (Files.exists(target)) {
            AtomicFiles.deleteTree(target);
        }
        Files.move(tmp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * A bundle that could not be written leaves nothing behind: its temp folder goes (with the interrupt flag held
     * off, since a cut run is exactly when this happens), and a failure to delete it is attached to the cause.
     * Reconciliation would sweep it on the next open, but a run that stops cleanly must leave a clean folder.
     */
    private static void discard(Path tmp, Throwable cause) {
        try {
            Uninterruptibly.run(() -> AtomicFiles.deleteTree(tmp));
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Writes a bundle's result.json and system.json again with the session's final block (atomic replaces), from the
     * typed window they were first written from: neither file is read back (issue 31).
     */
    static void rewriteSession(Path bundle, WindowFacts window, SessionBlock block, Redactor redactor)
            throws IOException {
        ResultsJson.write(bundle.resolve(RESULT), result(window, block, redactor));
        ResultsJson.write(bundle.resolve(SYSTEM), SystemJson.of(window, block));
    }

    private static ObjectNode result(WindowFacts window, SessionBlock session, Redactor redactor) {
        return WindowResultJson.of(window, session, samples(window).size() >= 2, redactor);
    }

    private static List<PowerSample> samples(WindowFacts window) {
        return window.window().bracket() == null ? List.of() : window.window().bracket().samples();
    }

    /** Upstream's requests.parquet footer: the window's identity and its span on the shared clock (seconds). */
    private static Map<String, String> requestsMetadata(WindowFacts window) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("experiment_id", window.windowId());
        m.put("declared_config_hash", window.level().cell().configHash());
        m.put("span_start", seconds(window.window().spanStartNanos()));
        m.put("span_end", seconds(window.window().spanEndNanos()));
        return m;
    }

    private static String seconds(long nanos) {
        return java.math.BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
    }

    static ObjectNode config(LevelResult level, String windowId, Redactor redactor) {
        ObjectNode n = ResultsJson.object();
        n.put("bundle_version", WindowResultJson.BUNDLE_VERSION);
        n.put("experiment_id", windowId);
        n.put("declared_config_hash", level.cell().configHash());
        n.put("resolved_config_hash", level.cell().configHash());
        n.put("cycle", level.cell().cycle());
        n.put("label", level.cell().label());
        n.put("measurement_methodology", level.cell().isServer() ? "server_windowed" : "offline_batch");
        ObjectNode declared = redactor.redact(level.cell().config());
        n.set("declared_config", declared); // upstream's name
        n.set("config", declared); // the same tree, for Joulebench's readers before bundle joulebench-2
        if ("builtin".equals(level.cell().config().path("task").path("dataset").path("source").asText(null))) {
            n.put("workload_note", "builtin prompts: Joulebench's own prompt set, not llenergymeasure's AIEnergyScore "
                    + "corpus (task.dataset.source aienergyscore is substituted by it unless JOULEBENCH_AIENERGYSCORE "
                    + "names a local copy), so J/token is not comparable with upstream's");
        }
        return n;
    }

    /** One CSV line (CRLF ended) of a windows.csv row, neutralising user text. */
    static String rowLine(List<Object> values) throws IOException {
        StringWriter out = new StringWriter();
        CsvWriter csv = new CsvWriter(out, WindowsCsvColumns::kind);
        csv.writeHeader(WindowsCsvColumns.ALL);
        out.getBuffer().setLength(0);
        csv.writeRow(values);
        return out.toString();
    }

    static String header() throws IOException {
        StringWriter out = new StringWriter();
        new CsvWriter(out, WindowsCsvColumns::kind).writeHeader(WindowsCsvColumns.ALL);
        return out.toString();
    }

    private static String rowCsv(List<Object> values) throws IOException {
        return header() + rowLine(values);
    }

    private static String timeseries(List<PowerSample> samples, long startNanos) {
        StringBuilder csv = new StringBuilder(TimeseriesColumns.TABLE.headerLine()).append("\r\n");
        for (PowerSample s : samples) {
            csv.append(TimeseriesColumns.TABLE.csvLine(new TimeseriesColumns.Row(s, startNanos))).append("\r\n");
        }
        return csv.toString();
    }

    private static void durable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        AtomicFiles.sync(file);
    }

    @FunctionalInterface
    private interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private static void durable(Path file, Content content) throws IOException {
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file))) {
            content.writeTo(out);
        }
        AtomicFiles.sync(file);
    }
}

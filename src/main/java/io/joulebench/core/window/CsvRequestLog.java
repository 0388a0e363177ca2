package io.joulebench.core.window;

import io.joulebench.core.csv.CsvCells;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.csv.CsvWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one {@code requests.csv} per window, in {@link RequestColumns}' columns (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote
 * or line break). Null is an empty field, booleans are {@code true}/{@code false}, numbers use '.' whatever the
 * locale, times are seconds on the shared monotonic clock, and {@code output_token_times} joins receipts with ';'.
 * The engine's text ({@code finish_reason}, the {@code error} text) is neutralised for spreadsheets
 * ({@link CsvCells}). A window without rows still gets a header-only file when the log closes.
 */
public final class CsvRequestLog implements RequestLogSink {

    private static final Logger LOG = LoggerFactory.getLogger(CsvRequestLog.class);

    /** Where the file of window {@code window} of level {@code level} goes. */
    @FunctionalInterface
    public interface PathForWindow {
        Path path(int level, int window);
    }

    private final int levelIndex;
    private final PathForWindow paths;
    private final BufferedWriter[] writers;
    private boolean closed;
    private Map<Long, Double> attributed;

    public CsvRequestLog(int levelIndex, int windowCount, PathForWindow paths) {
        this.levelIndex = levelIndex;
        this.paths = paths;
        this.writers = new BufferedWriter[windowCount];
    }

    public static RequestLogFactory factory(PathForWindow paths) {
        return (level, windows) -> new CsvRequestLog(level, windows, paths);
    }

    @Override
    public synchronized void row(RequestLogRow row) {
        if (closed) {
            // a request cancelled at the drain timeout can report after the level closed its log; reopening would
            // truncate a file the level already handed on (or leave a stray one in staging): it belongs to no window
            return;
        }
        try {
            BufferedWriter w = writer(row.windowIndex());
            w.write(format(row));
            w.write("\r\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the request log of level " + levelIndex + " window "
                    + row.windowIndex(), e);
        }
    }

    @Override
    public synchronized void attributed(Map<Long, Double> joulesByRequest) {
        attributed = joulesByRequest;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        IOException first = null;
        for (int i = 0; i < writers.length; i++) {
            try {
                writer(i).close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new UncheckedIOException("cannot close the request log of level " + levelIndex, first);
        }
        if (attributed != null) {
            for (int i = 0; i < writers.length; i++) {
                fillAttributed(paths.path(levelIndex, i));
            }
        }
    }

    /**
     * Rewrites a closed window file with each row's {@code energy_attributed_j}, known only once every window's
     * energy is: the rows stay streamed, and the cells read back (already encoded) are written unchanged.
     */
    private void fillAttributed(Path path) {
        Path tmp = path.resolveSibling(path.getFileName() + ".attributing");
        try {
            try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
                 BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                CsvReader reader = new CsvReader(in);
                List<String> header = reader.readRecord();
                int index = header.indexOf("request_index");
                int joulesAt = header.indexOf(RequestColumns.ENERGY_ATTRIBUTED_J);
                out.write(String.join(",", header));
                out.write("\r\n");
                List<String> record;
                while ((record = reader.readRecord()) != null) {
                    List<Object> cells = new ArrayList<>(record);
                    cells.set(joulesAt, attributed.get(Long.parseLong(record.get(index))));
                    out.write(CsvWriter.line(header, c -> CsvCells.Kind.VALUE, cells));
                    out.write("\r\n");
                }
            }
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            // an estimate that cannot be written must not cost the measured rows: they stay as streamed
            LOG.warn("could not write energy_attributed_j into {} ({}); its rows keep the column empty", path,
                    e.toString());
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // a leftover .attributing file is harmless; the rows are intact
            }
        }
    }

    private BufferedWriter writer(int window) throws IOException {
        if (writers[window] == null) {
            Path path = paths.path(levelIndex, window);
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
            w.write(RequestColumns.TABLE.headerLine());
            w.write("\r\n");
            writers[window] = w;
        }
        return writers[window];
    }

    /** One CSV line (without its line end) in {@link RequestColumns} order, encoded by {@link CsvWriter}. */
    public static String format(RequestLogRow row) {
        return RequestColumns.TABLE.csvLine(row);
    }
}

package io.joulebench.core.window;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one {@code requests.csv} per window (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote
 * or line break). Null is an empty field, booleans are {@code true}/{@code false}, numbers use '.' whatever the
 * locale, times are seconds on the shared monotonic clock, and {@code output_token_times} joins receipts with ';'.
 * The engine's text ({@code finish_reason}, the {@code error} text) is neutralised for spreadsheets
 * ({@link CsvCells}). A window without rows still gets a header-only file when the log closes.
 */
public final class CsvRequestLog implements RequestLogSink {

    /** Where the file of window {@code window} of level {@code level} goes. */
    @FunctionalInterface
    public interface PathForWindow {
        Path path(int level, int window);
    }

    private final int levelIndex;
    private final PathForWindow paths;
    private final BufferedWriter[] writers;
    private boolean closed;

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
    }

    private BufferedWriter writer(int window) throws IOException {
        if (writers[window] == null) {
            Path path = paths.path(levelIndex, window);
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
            w.write(String.join(",", RequestLogRow.COLUMNS));
            w.write("\r\n");
            writers[window] = w;
        }
        return writers[window];
    }

    /** One CSV line (without its line end) in {@link RequestLogRow#COLUMNS} order. */
    public static String format(RequestLogRow row) {
        RequestRecord r = row.record();
        CompletionResult c = r.result();
        List<String> f = new ArrayList<>(RequestLogRow.COLUMNS.length);
        f.add(Integer.toString(r.index()));
        f.add(seconds(r.issuedAtNanos()));
        f.add(r.dispatchedAtNanos() == null ? "" : seconds(r.dispatchedAtNanos()));
        f.add(r.firstTokenAtNanos() == null ? "" : seconds(r.firstTokenAtNanos()));
        f.add(r.completedAtNanos() == null ? "" : seconds(r.completedAtNanos()));
        f.add(number(row.ttftMs()));
        f.add(number(row.e2eLatencyMs()));
        f.add(Integer.toString(c.tokenCount()));
        f.add(c.serverPromptTokens() == null ? "" : c.serverPromptTokens().toString());
        f.add(c.serverCompletionTokens() == null ? "" : c.serverCompletionTokens().toString());
        f.add(r.status().label());
        f.add(CsvCells.encode(c.finishReason() == null ? "" : c.finishReason(), CsvCells.Kind.TEXT));
        f.add(Integer.toString(row.levelIndex()));
        f.add(Integer.toString(row.windowIndex()));
        f.add(Boolean.toString(row.inMeasurementWindow()));
        f.add(Boolean.toString(row.isRamp()));
        f.add(Boolean.toString(row.completedInDrain()));
        StringBuilder times = new StringBuilder();
        for (long t : c.tokenTimesNanos()) {
            if (!times.isEmpty()) {
                times.append(';');
            }
            times.append(seconds(t));
        }
        f.add(times.toString());
        f.add(CsvCells.encode(r.error() == null ? "" : r.error(), CsvCells.Kind.TEXT));
        f.add(Boolean.toString(c.retried()));
        return String.join(",", f);
    }

    static String seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
    }

    static String number(Double value) {
        return value == null ? "" : BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}

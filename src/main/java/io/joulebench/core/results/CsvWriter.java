package io.joulebench.core.results;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.Predicate;

/**
 * Writes RFC 4180 CSV: comma separated, CRLF line ends, a cell quoted when it holds a comma, quote, CR or LF.
 * Null is an empty cell, booleans are {@code true}/{@code false}, numbers use a '.' decimal point whatever the
 * default locale. A cell of a user-text column that begins with {@code = + - @}, tab or CR is neutralised for
 * spreadsheets: prefixed with {@code '} and quoted. Numeric columns are never altered.
 */
public final class CsvWriter implements Closeable, Flushable {

    private static final String LINE_END = "\r\n";

    private final Writer out;
    private final Predicate<String> userText;
    private List<String> header = List.of();

    /**
     * @param out      where the CSV goes; closed by {@link #close()}
     * @param userText which header names hold user text (neutralised); e.g. {@link WindowsCsvColumns#isUserText}
     */
    public CsvWriter(Writer out, Predicate<String> userText) {
        this.out = out;
        this.userText = userText;
    }

    /** Writes the header row; later rows are matched to it by position to decide which cells are user text. */
    public void writeHeader(List<String> columns) throws IOException {
        header = List.copyOf(columns);
        writeCells(columns, false);
    }

    /** Writes one data row; values may be null, Boolean, Number or anything with a meaningful toString. */
    public void writeRow(List<?> values) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            boolean text = i < header.size() ? userText.test(header.get(i)) : true;
            line.append(cell(values.get(i), text));
        }
        out.write(line.append(LINE_END).toString());
    }

    private void writeCells(List<String> cells, boolean neutralise) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(cell(cells.get(i), neutralise));
        }
        out.write(line.append(LINE_END).toString());
    }

    /** The encoded form of one cell. */
    static String cell(Object value, boolean userText) {
        String raw = format(value);
        boolean neutralise = userText && value instanceof CharSequence && needsNeutralising(raw);
        if (neutralise) {
            return quote("'" + raw);
        }
        return needsQuoting(raw) ? quote(raw) : raw;
    }

    /** The text of a value, independent of the default locale. */
    public static String format(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Boolean b) {
            return b ? "true" : "false";
        }
        if (value instanceof Double d) {
            return formatDouble(d);
        }
        if (value instanceof Float f) {
            return formatDouble(f.doubleValue());
        }
        if (value instanceof BigDecimal bd) {
            return bd.toPlainString();
        }
        return value.toString();
    }

    private static String formatDouble(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        // Double.toString is locale independent; plain notation keeps spreadsheets from guessing.
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    static boolean needsNeutralising(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char c = s.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }

    private static boolean needsQuoting(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\r' || c == '\n') {
                return true;
            }
        }
        return false;
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

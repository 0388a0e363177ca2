package io.joulebench.core.csv;

import io.joulebench.core.csv.CsvCells.Kind;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.Function;

/**
 * Writes RFC 4180 CSV: comma separated, CRLF line ends, a cell quoted when it holds a comma, quote, CR or LF.
 * Null is an empty cell, booleans are {@code true}/{@code false}, numbers use a '.' decimal point whatever the
 * default locale. Spreadsheet formula neutralising follows {@link CsvCells}: a text cell that begins with
 * {@code = + - @}, tab or CR is prefixed with {@code '} and quoted; the column decides what is text
 * ({@link Kind#TEXT} always, {@link Kind#UNKNOWN} unless the cell is a plain number, {@link Kind#VALUE} never), and
 * a Number or Boolean value is never altered. Cells past the header's width are {@link Kind#UNKNOWN}.
 */
public final class CsvWriter implements Closeable, Flushable {

    private static final String LINE_END = "\r\n";

    private final Writer out;
    private final Function<String, Kind> kinds;
    private List<String> header = List.of();

    /**
     * @param out   where the CSV goes; closed by {@link #close()}
     * @param kinds the kind of each header name, e.g. {@link WindowsCsvColumns#kind}
     */
    public CsvWriter(Writer out, Function<String, Kind> kinds) {
        this.out = out;
        this.kinds = kinds;
    }

    /**
     * Writes the header row (names neutralised like text: an extra column's name comes from a file); later rows are
     * matched to it by position to decide which cells are text.
     */
    public void writeHeader(List<String> columns) throws IOException {
        header = List.copyOf(columns);
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(CsvCells.encode(columns.get(i), Kind.TEXT));
        }
        out.write(line.append(LINE_END).toString());
    }

    /** Writes one data row; values may be null, Boolean, Number or anything with a meaningful toString. */
    public void writeRow(List<?> values) throws IOException {
        out.write(line(header, kinds, values) + LINE_END);
    }

    /**
     * One data row without its line end, for writers that keep their own files open (the request log): the cells
     * of {@code values} matched to {@code header} by position, encoded as {@link #writeRow} does.
     */
    public static String line(List<String> header, Function<String, Kind> kinds, List<?> values) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            Kind kind = i < header.size() ? kinds.apply(header.get(i)) : Kind.UNKNOWN;
            line.append(cell(values.get(i), kind));
        }
        return line.toString();
    }

    /** The encoded form of one cell: a Number or Boolean is a value whatever its column. */
    static String cell(Object value, Kind kind) {
        return CsvCells.encode(format(value), value instanceof CharSequence ? kind : Kind.VALUE);
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
        return CsvCells.needsNeutralising(s);
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

package io.joulebench.core.csv;

import java.util.regex.Pattern;

/**
 * The one CSV cell rule of every CSV Joulebench writes (the request log here, windows.csv, timeseries.csv and the
 * exports through {@code io.joulebench.core.csv.CsvWriter}): RFC 4180 quoting, and spreadsheet formula
 * neutralising. A text cell that begins with {@code = + - @}, tab or CR is prefixed with {@code '} and quoted, so a
 * spreadsheet shows it as text instead of running it. Whether a cell is text is decided by its column:
 * {@link Kind#TEXT} (names, reasons, engine text) is always neutralised, {@link Kind#VALUE} (numbers, booleans, our
 * own enum words) never, and {@link Kind#UNKNOWN} (a column we do not know, e.g. an extra one a newer version wrote)
 * is neutralised unless the cell is a plain finite decimal number, so {@code -12.5} stays a number.
 */
public final class CsvCells {

    /** How a column's cells are treated. */
    public enum Kind {
        /** User or engine text: neutralised. */
        TEXT,
        /** Numbers, booleans and words Joulebench itself writes: never altered. */
        VALUE,
        /** Not a known column: text unless the cell is a {@linkplain #isPlainNumber plain number}. */
        UNKNOWN
    }

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private CsvCells() {
    }

    /** The encoded cell for {@code raw} in a column of {@code kind}: neutralised if it must be, quoted if needed. */
    public static String encode(String raw, Kind kind) {
        if (mustNeutralise(raw, kind)) {
            return quote("'" + raw);
        }
        return quoteIfNeeded(raw);
    }

    /** Whether {@code raw} in a column of {@code kind} gets the {@code '} prefix. */
    public static boolean mustNeutralise(String raw, Kind kind) {
        return switch (kind) {
            case TEXT -> needsNeutralising(raw);
            case VALUE -> false;
            case UNKNOWN -> needsNeutralising(raw) && !isPlainNumber(raw);
        };
    }

    /**
     * The raw text of a text cell read back (already unquoted): the {@code '} that {@link #encode} put before a
     * formula-like text is taken off. A raw text that itself began with {@code '} and then a formula character
     * (never seen in engine or error text) reads back without its {@code '}.
     */
    public static String decodeText(String cell) {
        return cell != null && cell.length() > 1 && cell.charAt(0) == '\'' && needsNeutralising(cell.substring(1))
                ? cell.substring(1) : cell;
    }

    /** True when a spreadsheet would read {@code s} as a formula: it begins with {@code = + - @}, tab or CR. */
    public static boolean needsNeutralising(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        char c = s.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }

    /** A plain finite decimal such as {@code -12.5}, {@code +3} or {@code 1e-7} (no hex, no NaN, no suffixes). */
    public static boolean isPlainNumber(String s) {
        return s != null && PLAIN_NUMBER.matcher(s).matches();
    }

    /** {@code s} quoted (RFC 4180) when it holds a comma, quote, CR or LF; else as it is. */
    public static String quoteIfNeeded(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\r' || c == '\n') {
                return quote(s);
            }
        }
        return s;
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}

package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Field parsing shared by the formats: CSV cells, token counts, times; every error names file, line and field. */
final class TraceFields {

    private TraceFields() {
    }

    /** A CSV line's cells, stripped, with surrounding double quotes removed (the published files quote nothing). */
    static String[] cells(String line) {
        String[] cells = line.split(",", -1);
        for (int i = 0; i < cells.length; i++) {
            String c = cells[i].strip();
            cells[i] = c.length() >= 2 && c.startsWith("\"") && c.endsWith("\"") ? c.substring(1, c.length() - 1) : c;
        }
        return cells;
    }

    /** The header positions of {@code required} columns; a missing one is an error naming it and the format. */
    static int[] columns(Path file, int line, String[] header, String format, String... required)
            throws TraceFormatException {
        List<String> names = List.of(header);
        int[] at = new int[required.length];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < required.length; i++) {
            at[i] = names.indexOf(required[i]);
            if (at[i] < 0) {
                missing.add(required[i]);
            }
        }
        if (!missing.isEmpty()) {
            throw new TraceFormatException(file, line, "the " + format + " header has no column " + String.join(", ", missing)
                    + " (expected " + String.join(",", required) + "; found " + String.join(",", header) + ")");
        }
        return at;
    }

    /** The cell at {@code column}; a row too short to hold it is a missing field. */
    static String cell(Path file, int line, String[] cells, int column, String field) throws TraceFormatException {
        if (column >= cells.length) {
            throw new TraceFormatException(file, line, "missing field " + field + " (the row has " + cells.length
                    + " fields)");
        }
        return cells[column];
    }

    /** A token count: a whole number ≥ 0 ({@code 12.0} is read as 12; {@code 12.5} and {@code -1} are errors). */
    static int tokens(Path file, int line, String field, String text) throws TraceFormatException {
        try {
            return tokens(file, line, field, Double.parseDouble(text), text);
        } catch (NumberFormatException e) {
            throw new TraceFormatException(file, line, field + " must be a whole number ≥ 0 (got '" + text + "')");
        }
    }

    static int tokens(Path file, int line, String field, double value, String text) throws TraceFormatException {
        if (!Double.isFinite(value) || value < 0 || value != Math.rint(value) || value > Integer.MAX_VALUE) {
            String why = value < 0 ? "negative" : value != Math.rint(value) ? "fractional" : "not a token count";
            throw new TraceFormatException(file, line, field + " must be a whole number ≥ 0 (got '" + text + "': "
                    + why + ")");
        }
        return (int) value;
    }

    /** A time in seconds (or the format's unit, scaled by {@code toSeconds}): finite and ≥ 0. */
    static double seconds(Path file, int line, String field, String text, double toSeconds)
            throws TraceFormatException {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new TraceFormatException(file, line, field + " '" + text + "' is not a number");
        }
        if (!Double.isFinite(value) || value < 0) {
            throw new TraceFormatException(file, line, field + " must be a finite number ≥ 0 (got " + text + ")");
        }
        return value * toSeconds;
    }
}

package io.joulebench.core.traffic;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a trace CSV: a header {@code offset_s[,input_tokens][,output_tokens]} (optional columns in any order), then
 * one row per request. Blank lines and lines starting with {@code #} are skipped; an empty token cell means "not
 * recorded". Offsets are seconds, finite, ≥ 0 and non-decreasing.
 */
public final class TraceCsv {

    private static final String OFFSET = "offset_s";
    private static final String INPUT = "input_tokens";
    private static final String OUTPUT = "output_tokens";

    private TraceCsv() {
    }

    public static List<TraceEntry> read(Path file) throws IOException, TraceFormatException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<TraceEntry> entries = new ArrayList<>();
            int[] columns = null;
            int width = 0;
            double previous = 0.0;
            String text;
            int lineNumber = 0;
            while ((text = reader.readLine()) != null) {
                lineNumber++;
                String line = text.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split(",", -1);
                if (columns == null) {
                    columns = header(file, lineNumber, cells);
                    width = cells.length;
                    continue;
                }
                if (cells.length != width) {
                    throw new TraceFormatException(file, lineNumber,
                            "expected " + width + " fields like the header, found " + cells.length);
                }
                TraceEntry entry = row(file, lineNumber, cells, columns);
                if (entry.offsetSeconds() < previous) {
                    throw new TraceFormatException(file, lineNumber, OFFSET + " " + entry.offsetSeconds()
                            + " is before the previous offset " + previous + " (offsets must not decrease)");
                }
                previous = entry.offsetSeconds();
                entries.add(entry);
            }
            if (columns == null) {
                throw new TraceFormatException(file, Math.max(1, lineNumber), "missing header line starting with " + OFFSET);
            }
            if (entries.isEmpty()) {
                throw new TraceFormatException(file, lineNumber, "the trace has no request rows");
            }
            return entries;
        }
    }

    /** Column positions of offset, input and output (-1 when absent). */
    private static int[] header(Path file, int line, String[] cells) throws TraceFormatException {
        int[] columns = {-1, -1, -1};
        for (int i = 0; i < cells.length; i++) {
            String name = cells[i].strip();
            int slot = switch (name) {
                case OFFSET -> 0;
                case INPUT -> 1;
                case OUTPUT -> 2;
                default -> throw new TraceFormatException(file, line, "unknown column '" + name
                        + "' (expected " + OFFSET + "[," + INPUT + "][," + OUTPUT + "])");
            };
            if (columns[slot] >= 0) {
                throw new TraceFormatException(file, line, "column '" + name + "' appears twice");
            }
            columns[slot] = i;
        }
        if (columns[0] < 0) {
            throw new TraceFormatException(file, line, "the header has no " + OFFSET + " column");
        }
        return columns;
    }

    private static TraceEntry row(Path file, int line, String[] cells, int[] columns) throws TraceFormatException {
        String offsetText = cells[columns[0]].strip();
        double offset;
        try {
            offset = Double.parseDouble(offsetText);
        } catch (NumberFormatException e) {
            throw new TraceFormatException(file, line, OFFSET + " '" + offsetText + "' is not a number");
        }
        if (!Double.isFinite(offset) || offset < 0) {
            throw new TraceFormatException(file, line, OFFSET + " must be a finite number ≥ 0 (got " + offsetText + ")");
        }
        return new TraceEntry(offset, tokens(file, line, cells, columns[1], INPUT),
                tokens(file, line, cells, columns[2], OUTPUT));
    }

    private static Integer tokens(Path file, int line, String[] cells, int column, String name)
            throws TraceFormatException {
        if (column < 0 || cells[column].isBlank()) {
            return null;
        }
        String text = cells[column].strip();
        try {
            int value = Integer.parseInt(text);
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new TraceFormatException(file, line, name + " must be a whole number ≥ 0 (got '" + text + "')");
        }
    }
}

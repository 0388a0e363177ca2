package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Path;

/**
 * Joulebench's own CSV: a header {@code offset_s[,input_tokens][,output_tokens]} (optional columns in any order), then
 * one row per request; an empty token cell means "not recorded". Offsets are seconds, finite and ≥ 0.
 */
final class JoulebenchLines implements TraceLines {

    static final String OFFSET = "offset_s";
    private static final String INPUT = "input_tokens";
    private static final String OUTPUT = "output_tokens";

    private final Path file;
    private final int offset;
    private final int input;
    private final int output;
    private final int width;

    JoulebenchLines(Path file, int line, String header) throws TraceFormatException {
        this.file = file;
        String[] cells = TraceFields.cells(header);
        int[] columns = {-1, -1, -1};
        for (int i = 0; i < cells.length; i++) {
            String name = cells[i];
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
        this.offset = columns[0];
        this.input = columns[1];
        this.output = columns[2];
        this.width = cells.length;
    }

    @Override
    public TraceLine parse(String line, int lineNumber) throws TraceFormatException {
        String[] cells = TraceFields.cells(line);
        if (cells.length != width) {
            throw new TraceFormatException(file, lineNumber,
                    "expected " + width + " fields like the header, found " + cells.length);
        }
        double seconds = TraceFields.seconds(file, lineNumber, OFFSET, cells[offset], 1.0);
        return TraceLine.row(seconds, Double.toString(seconds), tokens(cells, input, INPUT, lineNumber),
                tokens(cells, output, OUTPUT, lineNumber), null);
    }

    private Integer tokens(String[] cells, int column, String name, int line) throws TraceFormatException {
        return column < 0 || cells[column].isEmpty() ? null : TraceFields.tokens(file, line, name, cells[column]);
    }

    @Override
    public boolean hasInputLengths() {
        return input >= 0;
    }

    @Override
    public boolean hasOutputLengths() {
        return output >= 0;
    }
}

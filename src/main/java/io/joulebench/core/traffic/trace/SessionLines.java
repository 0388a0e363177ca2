package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Path;

/**
 * A session trace (issue 32) with the Bailian-style fields, as CSV with a header:
 * {@code chat_id,parent_chat_id,turn,timestamp,input_length,output_length} in any column order. {@code timestamp} is
 * seconds; {@code parent_chat_id} is {@code -1} or empty for a conversation's first turn. What each field means to the
 * replay is in docs/workloads.md.
 */
final class SessionLines implements TraceLines {

    static final String CHAT_ID = "chat_id";
    static final String PARENT_CHAT_ID = "parent_chat_id";
    static final String TURN = "turn";
    static final String TIMESTAMP = "timestamp";
    static final String INPUT = "input_length";
    static final String OUTPUT = "output_length";

    private final Path file;
    private final int[] at;

    SessionLines(Path file, int line, String header) throws TraceFormatException {
        this.file = file;
        this.at = TraceFields.columns(file, line, TraceFields.cells(header), "sessions", CHAT_ID, PARENT_CHAT_ID,
                TURN, TIMESTAMP, INPUT, OUTPUT);
    }

    @Override
    public TraceLine parse(String line, int n) throws TraceFormatException {
        String[] cells = TraceFields.cells(line);
        long chat = id(n, CHAT_ID, TraceFields.cell(file, n, cells, at[0], CHAT_ID));
        String parentText = TraceFields.cell(file, n, cells, at[1], PARENT_CHAT_ID).strip();
        Long parent = parentText.isEmpty() || parentText.equals("-1") ? null : id(n, PARENT_CHAT_ID, parentText);
        int turn = TraceFields.tokens(file, n, TURN, TraceFields.cell(file, n, cells, at[2], TURN));
        if (turn < 1) {
            throw new TraceFormatException(file, n, TURN + " must be ≥ 1 (got " + turn + ")");
        }
        String time = TraceFields.cell(file, n, cells, at[3], TIMESTAMP);
        double seconds = TraceFields.seconds(file, n, TIMESTAMP, time, 1.0);
        int input = TraceFields.tokens(file, n, INPUT, TraceFields.cell(file, n, cells, at[4], INPUT));
        int output = TraceFields.tokens(file, n, OUTPUT, TraceFields.cell(file, n, cells, at[5], OUTPUT));
        return TraceLine.turn(seconds, time, input, output, new TraceEntry.TraceTurn(chat, parent, turn));
    }

    private long id(int n, String field, String text) throws TraceFormatException {
        try {
            long id = Long.parseLong(text.strip());
            if (id < 0) {
                throw new NumberFormatException();
            }
            return id;
        } catch (NumberFormatException e) {
            throw new TraceFormatException(file, n, field + " must be a whole number ≥ 0 (got '" + text + "')");
        }
    }
}

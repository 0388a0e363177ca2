package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Path;

/**
 * BurstGPT (HPMLL/BurstGPT): CSV {@code Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type};
 * {@code Timestamp} in seconds from the trace's start. A row with 0 {@code Response tokens} is a failed request in the
 * source (the {@code _without_fails} files drop them): it is skipped and counted.
 */
final class BurstGptLines implements TraceLines {

    static final String TIMESTAMP = "Timestamp";
    static final String REQUEST = "Request tokens";
    static final String RESPONSE = "Response tokens";
    static final String FAILED = "failed request in the source (Response tokens 0)";

    private final Path file;
    private final int[] at;

    BurstGptLines(Path file, int line, String header) throws TraceFormatException {
        this.file = file;
        this.at = TraceFields.columns(file, line, TraceFields.cells(header), "burstgpt", TIMESTAMP, "Model", REQUEST,
                RESPONSE, "Total tokens", "Log Type");
    }

    @Override
    public TraceLine parse(String line, int n) throws TraceFormatException {
        String[] cells = TraceFields.cells(line);
        String time = TraceFields.cell(file, n, cells, at[0], TIMESTAMP);
        double seconds = TraceFields.seconds(file, n, TIMESTAMP, time, 1.0);
        int input = TraceFields.tokens(file, n, REQUEST, TraceFields.cell(file, n, cells, at[2], REQUEST));
        int output = TraceFields.tokens(file, n, RESPONSE, TraceFields.cell(file, n, cells, at[3], RESPONSE));
        return output == 0 ? TraceLine.skipped(seconds, time, FAILED) : TraceLine.row(seconds, time, input, output, null);
    }
}

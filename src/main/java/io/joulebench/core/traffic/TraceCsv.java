package io.joulebench.core.traffic;

import io.joulebench.core.traffic.trace.TraceFormat;
import io.joulebench.core.traffic.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Joulebench trace CSV whole: a header {@code offset_s[,input_tokens][,output_tokens]} (optional columns in
 * any order), then one row per request. Blank lines and lines starting with {@code #} are skipped; an empty token
 * cell means "not recorded". Offsets are seconds from the run origin, finite, ≥ 0 and non-decreasing. The reading is
 * {@link TraceReader}'s (format {@code joulebench}); slices of any format are read with
 * {@link io.joulebench.core.traffic.trace.TraceSlice}.
 */
public final class TraceCsv {

    private TraceCsv() {
    }

    public static List<TraceEntry> read(Path file) throws IOException, TraceFormatException {
        try (TraceReader reader = TraceReader.open(file, TraceFormat.JOULEBENCH)) {
            List<TraceEntry> entries = new ArrayList<>();
            for (TraceEntry e = reader.nextEntry(); e != null; e = reader.nextEntry()) {
                entries.add(e);
            }
            if (entries.isEmpty()) {
                throw new TraceFormatException(file, reader.lineNumber(), "the trace has no request rows");
            }
            return entries;
        }
    }
}

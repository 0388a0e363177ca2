package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of a trace whose offset from the file's first row lies in [start, start + duration), read line by line
 * and no further than the slice's end, so memory follows the slice, not the file. Row {@code i} of the slice is
 * request_index {@code i}; its scheduled instant is {@code (t_i − t_0) / time_scale}, t_0 being the slice's first row.
 *
 * @param rows    the slice's rows, offsets from the file's first row (seconds, before {@code time_scale})
 * @param summary what was read and skipped
 */
public record TraceSlice(List<TraceEntry> rows, TraceSummary summary) {

    public TraceSlice {
        rows = List.copyOf(rows);
    }

    /**
     * Reads the slice of {@code file}.
     *
     * @param forced          the format, or null to detect it from the first line
     * @param startSeconds    the slice's start, seconds from the file's first row (≥ 0)
     * @param durationSeconds its length in seconds, or null for the rest of the trace
     * @throws TraceFormatException a malformed line before the slice's end, or a slice with no rows
     */
    public static TraceSlice read(Path file, TraceFormat forced, double startSeconds, Double durationSeconds)
            throws IOException, TraceFormatException {
        double end = durationSeconds == null ? Double.POSITIVE_INFINITY : startSeconds + durationSeconds;
        List<TraceEntry> rows = new ArrayList<>();
        Map<String, Integer> skipped = new LinkedHashMap<>();
        boolean hashes = false;
        try (TraceReader reader = TraceReader.open(file, forced)) {
            Double first = null;
            for (TraceLine line = reader.next(); line != null; line = reader.next()) {
                if (Thread.currentThread().isInterrupted()) {
                    // a preview whose inputs changed: a slice deep in a large file stops reading at once
                    throw new java.io.InterruptedIOException("reading " + file + " was cancelled");
                }
                if (first == null) {
                    first = line.timeSeconds();
                }
                double offset = line.timeSeconds() - first;
                if (offset >= end) {
                    break;
                }
                if (offset < startSeconds) {
                    continue;
                }
                if (line.entry() == null) {
                    skipped.merge(line.skipReason(), 1, Integer::sum);
                } else {
                    TraceEntry e = line.entry().atOffset(offset);
                    hashes |= e.hashIds().length > 0;
                    rows.add(e);
                }
            }
            if (first == null) {
                throw new TraceFormatException(file, reader.lineNumber(), "the trace has no request rows");
            }
            if (rows.isEmpty()) {
                throw new TraceFormatException(file, reader.lineNumber(), "no row to replay in the slice ["
                        + startSeconds + " s, " + (durationSeconds == null ? "end" : end + " s") + ") of the trace"
                        + (skipped.isEmpty() ? "" : " (" + skipped.values().stream().mapToInt(i -> i).sum()
                        + " skipped)"));
            }
            double span = rows.getLast().offsetSeconds() - rows.getFirst().offsetSeconds();
            return new TraceSlice(rows, new TraceSummary(file, reader.format(), rows.size(), skipped,
                    reader.hasInputLengths(), reader.hasOutputLengths(), hashes, span, reader.lineNumber()));
        }
    }

    /** Row {@code i}'s scheduled instant, seconds from the replay's start: {@code (t_i − t_0) / timeScale}. */
    public double scheduledSeconds(int i, double timeScale) {
        return (rows.get(i).offsetSeconds() - rows.getFirst().offsetSeconds()) / timeScale;
    }

    /** The rows as replayed: each at its scheduled instant under {@code timeScale}, lengths and hash ids kept. */
    public List<TraceEntry> scheduled(double timeScale) {
        List<TraceEntry> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            out.add(rows.get(i).atOffset(scheduledSeconds(i, timeScale)));
        }
        return out;
    }
}

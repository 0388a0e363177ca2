package io.joulebench.core.traffic.trace;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a slice of a trace holds, for the replay to report: the file and its format, the rows replayed, the rows of
 * the slice's span that were skipped with the reason for each (e.g. BurstGPT's failed requests), whether the rows
 * carry lengths and hash ids, and the span they cover.
 *
 * @param rows            rows in the slice (request_index 0 .. rows-1)
 * @param skipped         reason → rows of the slice's span skipped for it
 * @param spanSeconds     last row's offset minus the first's, on the file's clock (before {@code time_scale})
 * @param linesRead       the last line read: slicing stops past the slice's end, so this may be far below the file's
 */
public record TraceSummary(Path file, TraceFormat format, int rows, Map<String, Integer> skipped,
                           boolean hasInputLengths, boolean hasOutputLengths, boolean hasHashIds, double spanSeconds,
                           int linesRead) {

    public TraceSummary {
        skipped = Map.copyOf(skipped);
    }

    /** Rows skipped, all reasons together. */
    public int skippedRows() {
        return skipped.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** One line for people: "120 rows of burstgpt trace.csv (2 skipped: failed request …)". */
    public String describe() {
        StringBuilder s = new StringBuilder(rows + " rows of " + format.wire() + " " + file.getFileName());
        if (!skipped.isEmpty()) {
            s.append(" (").append(skippedRows()).append(" skipped: ");
            s.append(String.join("; ", skipped.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList()));
            s.append(')');
        }
        return s.toString();
    }

}

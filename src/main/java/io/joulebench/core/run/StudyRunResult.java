package io.joulebench.core.run;

import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import java.nio.file.Path;
import java.util.List;

/**
 * What a study run (or resume) left in its results folder, counted over the whole manifest.
 *
 * @param completed      cells credited valid
 * @param failed         cells that failed (invalid levels, launch failures …)
 * @param unfinished     cells still pending or running (non-zero only after an interrupt)
 * @param invalidLevels  {@code label (hash-cN): reason} of every failed cell
 * @param totalWindows   credited windows (rows of windows.csv, bundle folders)
 * @param interrupted    the run was interrupted; unfinished cells are left for {@code resume}
 * @param abortReason    why the study stopped before its end (the circuit breaker's probe failed); null when it ran
 *                       to its end or was interrupted. Unreached cells stay pending for {@code resume}
 */
public record StudyRunResult(Path folder, int completed, int failed, int unfinished, List<String> invalidLevels,
                             int totalWindows, boolean interrupted, List<ManifestEntry> entries, String abortReason) {

    public StudyRunResult {
        invalidLevels = List.copyOf(invalidLevels);
        entries = List.copyOf(entries);
    }

    static StudyRunResult of(ResultsFolder folder, boolean interrupted, String abortReason) {
        List<ManifestEntry> entries = folder.entries();
        int completed = 0;
        int failed = 0;
        int unfinished = 0;
        int windows = 0;
        List<String> invalid = new java.util.ArrayList<>();
        for (ManifestEntry e : entries) {
            switch (e.status()) {
                case COMPLETED -> completed++;
                case FAILED -> {
                    failed++;
                    invalid.add(e.label() + " (" + e.key() + "): " + e.reason());
                }
                default -> unfinished++;
            }
            windows += e.windowIds().size();
        }
        return new StudyRunResult(folder.dir(), completed, failed, unfinished, invalid, windows, interrupted, entries,
                abortReason);
    }

    /** True when the circuit breaker stopped the study before its end. */
    public boolean aborted() {
        return abortReason != null;
    }

    /** True when at least one window was measured and credited. */
    public boolean measuredAnything() {
        return totalWindows > 0;
    }
}

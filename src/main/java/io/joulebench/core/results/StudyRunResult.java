package io.joulebench.core.results;

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
 */
public record StudyRunResult(Path folder, int completed, int failed, int unfinished, List<String> invalidLevels,
                             int totalWindows, boolean interrupted, List<ManifestEntry> entries) {

    public StudyRunResult {
        invalidLevels = List.copyOf(invalidLevels);
        entries = List.copyOf(entries);
    }

    static StudyRunResult of(ResultsFolder folder, boolean interrupted) {
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
        return new StudyRunResult(folder.dir(), completed, failed, unfinished, invalid, windows, interrupted, entries);
    }

    /** True when at least one window was measured and credited. */
    public boolean measuredAnything() {
        return totalWindows > 0;
    }
}

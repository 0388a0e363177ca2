package io.joulebench.app.prefs;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A most-recent-first list of paths as kept in the preferences. Reading it back drops blank or malformed entries,
 * paths that no longer exist and duplicates, and keeps at most {@link #MAX} entries.
 */
public final class RecentFiles {

    public static final int MAX = 10;

    private RecentFiles() {
    }

    /** The stored entries, cleaned. */
    public static List<Path> clean(List<String> stored) {
        Set<Path> paths = new LinkedHashSet<>();
        for (String line : stored) {
            String entry = line.strip();
            if (entry.isEmpty() || entry.indexOf('\0') >= 0) {
                continue;
            }
            try {
                Path p = Path.of(entry).toAbsolutePath().normalize();
                if (Files.exists(p)) {
                    paths.add(p);
                }
            } catch (InvalidPathException e) {
                // A hand-edited or foreign preferences entry: skip it, keep the others.
            }
            if (paths.size() == MAX) {
                break;
            }
        }
        return List.copyOf(paths);
    }

    /** The list with {@code latest} moved or added to the front, cut to {@link #MAX}. */
    public static List<Path> push(List<Path> current, Path latest) {
        Path p = latest.toAbsolutePath().normalize();
        List<Path> next = new ArrayList<>(MAX);
        next.add(p);
        for (Path q : current) {
            if (!q.equals(p) && next.size() < MAX) {
                next.add(q);
            }
        }
        return List.copyOf(next);
    }
}

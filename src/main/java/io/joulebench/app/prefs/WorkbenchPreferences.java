package io.joulebench.app.prefs;

import java.nio.file.Path;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the workbench remembers between starts, kept in a {@link Preferences} node. */
public final class WorkbenchPreferences {

    private static final Logger LOG = LoggerFactory.getLogger(WorkbenchPreferences.class);
    private static final String RECENT_STUDIES = "recentStudies";
    private static final String RECENT_RESULTS = "recentResults";
    private static final String X = "window.x";
    private static final String Y = "window.y";
    private static final String W = "window.width";
    private static final String H = "window.height";
    /** Preferences values are capped at 8 KiB; ten long paths fit well within it. */
    private static final int MAX_VALUE = Preferences.MAX_VALUE_LENGTH;

    private final Preferences node;

    public WorkbenchPreferences(Preferences node) {
        this.node = node;
    }

    /** The user's node for the workbench. */
    public static WorkbenchPreferences forUser() {
        return new WorkbenchPreferences(Preferences.userRoot().node("io/joulebench/workbench"));
    }

    public List<Path> recentStudies() {
        return RecentFiles.parse(node.get(RECENT_STUDIES, ""));
    }

    public List<Path> addRecentStudy(Path study) {
        return push(RECENT_STUDIES, recentStudies(), study);
    }

    public List<Path> recentResults() {
        return RecentFiles.parse(node.get(RECENT_RESULTS, ""));
    }

    public List<Path> addRecentResults(Path folder) {
        return push(RECENT_RESULTS, recentResults(), folder);
    }

    private List<Path> push(String key, List<Path> current, Path latest) {
        List<Path> next = RecentFiles.push(current, latest);
        String text = RecentFiles.format(next);
        while (text.length() > MAX_VALUE && next.size() > 1) {
            next = next.subList(0, next.size() - 1);
            text = RecentFiles.format(next);
        }
        node.put(key, text);
        flush();
        return next;
    }

    /** The last window bounds, or {@link WindowBounds#DEFAULT} when none were saved or they are unusable. */
    public WindowBounds windowBounds() {
        double w = node.getDouble(W, Double.NaN);
        double h = node.getDouble(H, Double.NaN);
        if (!(w > 0 && h > 0)) {
            return WindowBounds.DEFAULT;
        }
        return new WindowBounds(node.getDouble(X, Double.NaN), node.getDouble(Y, Double.NaN), w, h);
    }

    public void saveWindowBounds(WindowBounds bounds) {
        if (bounds.hasPosition()) {
            node.putDouble(X, bounds.x());
            node.putDouble(Y, bounds.y());
        }
        node.putDouble(W, bounds.width());
        node.putDouble(H, bounds.height());
        flush();
    }

    private void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // Losing a recent-files entry is harmless; say so in the log and carry on.
            LOG.warn("Could not save workbench preferences: {}", e.getMessage());
        }
    }
}

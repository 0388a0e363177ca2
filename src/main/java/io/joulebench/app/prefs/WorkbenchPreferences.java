package io.joulebench.app.prefs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.results.AtomicFiles;
import io.joulebench.core.server.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the workbench remembers between starts (recent studies, recent results folders, the window's last bounds),
 * kept in one small JSON file in the Joulebench user folder ({@code ~/.joulebench/workbench.json}), next to the pid
 * files: nothing is written anywhere else (no {@code java.util.prefs} store). The file is replaced atomically on
 * each change; a missing, unreadable or malformed file reads as "nothing remembered" and is rewritten on the next
 * change.
 */
public final class WorkbenchPreferences {

    /** The file's name in the user folder. */
    public static final String FILE_NAME = "workbench.json";

    private static final Logger LOG = LoggerFactory.getLogger(WorkbenchPreferences.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String RECENT_STUDIES = "recent_studies";
    static final String RECENT_RESULTS = "recent_results";
    static final String WINDOW = "window";

    private final Path file;

    /** @param file the JSON file to read and write; its folder is created on the first save */
    public WorkbenchPreferences(Path file) {
        this.file = file;
    }

    /** {@code ~/.joulebench/workbench.json}: the host's Joulebench folder, which also holds the pid files. */
    public static WorkbenchPreferences forHost(HostEnvironment host) {
        return new WorkbenchPreferences(host.joulebenchDir().resolve(FILE_NAME));
    }

    public Path file() {
        return file;
    }

    public List<Path> recentStudies() {
        return RecentFiles.clean(texts(read().path(RECENT_STUDIES)));
    }

    public List<Path> addRecentStudy(Path study) {
        return push(RECENT_STUDIES, recentStudies(), study);
    }

    public List<Path> recentResults() {
        return RecentFiles.clean(texts(read().path(RECENT_RESULTS)));
    }

    public List<Path> addRecentResults(Path folder) {
        return push(RECENT_RESULTS, recentResults(), folder);
    }

    private synchronized List<Path> push(String key, List<Path> current, Path latest) {
        List<Path> next = RecentFiles.push(current, latest);
        ObjectNode root = read();
        ArrayNode list = root.putArray(key);
        next.forEach(p -> list.add(p.toString()));
        write(root);
        return next;
    }

    /** The last window bounds, or {@link WindowBounds#DEFAULT} when none were saved or they are unusable. */
    public WindowBounds windowBounds() {
        JsonNode w = read().path(WINDOW);
        double width = number(w, "width");
        double height = number(w, "height");
        if (!(width > 0 && height > 0)) {
            return WindowBounds.DEFAULT;
        }
        return new WindowBounds(number(w, "x"), number(w, "y"), width, height);
    }

    public synchronized void saveWindowBounds(WindowBounds bounds) {
        ObjectNode root = read();
        ObjectNode w = root.putObject(WINDOW);
        if (bounds.hasPosition()) {
            w.put("x", bounds.x());
            w.put("y", bounds.y());
        }
        w.put("width", bounds.width());
        w.put("height", bounds.height());
        write(root);
    }

    private static double number(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array.isArray()) {
            array.forEach(e -> {
                if (e.isTextual()) {
                    out.add(e.asText());
                }
            });
        }
        return out;
    }

    private synchronized ObjectNode read() {
        try {
            JsonNode root = JSON.readTree(Files.readString(file));
            if (root instanceof ObjectNode o) {
                return o;
            }
            LOG.warn("Ignoring workbench preferences {}: not a JSON object", file);
        } catch (NoSuchFileException e) {
            // First start: nothing remembered yet.
        } catch (IOException e) {
            LOG.warn("Ignoring unreadable workbench preferences {}: {}", file, e.getMessage());
        }
        return JSON.createObjectNode();
    }

    private void write(ObjectNode root) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
        } catch (IOException e) {
            // Losing a recent-files entry or the window size is harmless; say so in the log and carry on.
            LOG.warn("Could not save workbench preferences to {}: {}", file, e.getMessage());
        }
    }
}

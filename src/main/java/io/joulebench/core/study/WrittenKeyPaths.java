package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Errors name keys as the file spells them: a study that writes upstream's {@code tensorrt} (read as Joulebench's
 * {@code trtllm}) is told about {@code tensorrt.max_batch_size}, not a {@code trtllm} key it never wrote.
 */
final class WrittenKeyPaths {

    private static final String UPSTREAM = "tensorrt";
    private static final String OURS = "trtllm";
    private static final Pattern ENTRY = Pattern.compile("^(experiments\\[(\\d+)])\\.(.*)$");

    private WrittenKeyPaths() {
    }

    static List<StudyError> asWritten(JsonNode written, List<StudyError> errors) {
        List<StudyError> out = new ArrayList<>(errors.size());
        for (StudyError e : errors) {
            String path = asWritten(written, e.keyPath());
            out.add(path.equals(e.keyPath()) ? e
                    : new StudyError(e.file(), path, e.line(), e.column(), e.rule(), e.suggestion()));
        }
        return out;
    }

    static String asWritten(JsonNode written, String path) {
        Matcher entry = ENTRY.matcher(path);
        if (entry.matches()) {
            JsonNode node = written.path("experiments").path(Integer.parseInt(entry.group(2)));
            return entry.group(1) + "." + inNode(node, entry.group(3));
        }
        if (path.startsWith("sweep." + OURS + ".") && hasKeyStarting(written.path("sweep"), UPSTREAM + ".")
                && !hasKeyStarting(written.path("sweep"), OURS + ".")) {
            return "sweep." + UPSTREAM + path.substring(("sweep." + OURS).length());
        }
        return inNode(written, path);
    }

    private static String inNode(JsonNode node, String path) {
        if (renames(node, path, OURS)) {
            return UPSTREAM + path.substring(OURS.length());
        }
        String runners = "runners." + OURS;
        if (renames(node.path("runners"), path, runners)) {
            return "runners." + UPSTREAM + path.substring(runners.length());
        }
        return path;
    }

    private static boolean renames(JsonNode node, String path, String ours) {
        boolean under = path.equals(ours) || path.startsWith(ours + ".") || path.startsWith(ours + "[");
        return under && node.has(UPSTREAM) && !node.has(OURS);
    }

    private static boolean hasKeyStarting(JsonNode node, String prefix) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            if (it.next().startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}

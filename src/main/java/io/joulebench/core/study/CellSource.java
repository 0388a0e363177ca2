package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the values of one expanded cell came from. A cell is the fixed config with an experiment entry and sweep
 * values laid over it; an error about a cell's key must point at the file text that set it, so each overlay maps a
 * config path prefix to the document path it was written at ({@code server.traffic.rate} →
 * {@code sweep.server.traffic.rate[2]}).
 */
final class CellSource {

    private record Overlay(String configPrefix, String docPrefix, JsonNode given) {
    }

    private final YamlDocument document;
    private final List<Overlay> overlays = new ArrayList<>();

    CellSource(YamlDocument document) {
        this.document = document;
    }

    CellSource with(String configPrefix, String docPrefix, JsonNode given) {
        CellSource copy = new CellSource(document);
        copy.overlays.addAll(overlays);
        copy.overlays.add(new Overlay(configPrefix, docPrefix, given));
        return copy;
    }

    String fileName() {
        return document.fileName();
    }

    /** The path as written in the file. */
    String displayPath(String configPath) {
        for (int i = overlays.size() - 1; i >= 0; i--) {
            Overlay o = overlays.get(i);
            if (KeyPaths.isWithin(configPath, o.configPrefix())) {
                String rel = o.configPrefix().isEmpty() ? configPath : configPath.substring(o.configPrefix().length());
                if (rel.startsWith(".")) {
                    rel = rel.substring(1);
                }
                if (contains(o.given(), rel)) {
                    if (rel.isEmpty()) {
                        return o.docPrefix();
                    }
                    return rel.startsWith("[") ? o.docPrefix() + rel : o.docPrefix() + "." + rel;
                }
            }
        }
        return configPath;
    }

    SourceLocation locate(String configPath) {
        return document.locate(displayPath(configPath));
    }

    StudyError error(String configPath, String rule, String suggestion) {
        return StudyError.at(fileName(), displayPath(configPath), locate(configPath), rule, suggestion);
    }

    private static boolean contains(JsonNode node, String relPath) {
        if (relPath.isEmpty()) {
            return true;
        }
        JsonNode at = node;
        for (String part : relPath.split("\\.")) {
            String key = part.contains("[") ? part.substring(0, part.indexOf('[')) : part;
            if (!key.isEmpty()) {
                if (at == null || !at.isObject() || !at.has(key)) {
                    return false;
                }
                at = at.get(key);
            }
            int b = part.indexOf('[');
            while (b >= 0) {
                int idx = Integer.parseInt(part.substring(b + 1, part.indexOf(']', b)));
                if (at == null || !at.isArray() || idx >= at.size()) {
                    return false;
                }
                at = at.get(idx);
                b = part.indexOf('[', b + 1);
            }
        }
        return true;
    }
}

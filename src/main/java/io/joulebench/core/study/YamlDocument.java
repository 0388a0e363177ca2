package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * A parsed study file: its tree and where each key (by dotted path) sits in the file, so checks made long after
 * parsing can still name the line and column.
 */
public record YamlDocument(String fileName, ObjectNode root, Map<String, SourceLocation> locations) {

    public YamlDocument {
        locations = Map.copyOf(locations);
    }

    /** The location of {@code path}, or of its nearest enclosing key that has one, or line 1. */
    public SourceLocation locate(String path) {
        String p = path;
        while (true) {
            SourceLocation at = locations.get(p);
            if (at != null) {
                return at;
            }
            if (p.isEmpty()) {
                return SourceLocation.START;
            }
            p = KeyPaths.parent(p);
        }
    }
}

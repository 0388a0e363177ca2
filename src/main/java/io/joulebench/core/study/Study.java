package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;

/**
 * A validated study: its name, execution settings, the distinct grid cells (deduplicated by config hash) and notes
 * for the user (aliases read, duplicates removed, base values the sweep replaces) and warnings (a replaced base value
 * that would not have been valid on its own). {@code document} is the file's tree as given and
 * {@code designHash} its canonical hash (the shuffle seed). {@code source} is null for text not read from a file.
 */
public record Study(String fileName, Path source, String studyName, String designHash, ObjectNode document,
                    ExecutionConfig execution, List<GridCell> cells, List<String> notes, List<String> warnings) {

    public Study {
        cells = List.copyOf(cells);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
    }

    public Study(String fileName, Path source, String studyName, String designHash, ObjectNode document,
                 ExecutionConfig execution, List<GridCell> cells, List<String> notes) {
        this(fileName, source, studyName, designHash, document, execution, cells, notes, List.of());
    }
}

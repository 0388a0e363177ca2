package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;

/**
 * A validated study: its name, execution settings, the distinct grid cells (deduplicated by config hash) and notes
 * for the user (aliases read, duplicates removed, base values the sweep replaces) and warnings (a replaced base value
 * that would not have been valid on its own). {@code document} is the file's tree as given and
 * {@code designHash} its canonical hash (the shuffle seed). {@code source} is null for text not read from a file (the editor's text).
 * {@code studyDir} is the folder the study's relative paths (trace, dataset) resolve against: the source's folder,
 * or for editor text the folder of the file it was opened from; null when there is none (the working folder).
 * It is separate from {@code source} so a run of edited text records that text, not the file on disk.
 */
public record Study(String fileName, Path source, Path studyDir, String studyName, String designHash,
                    ObjectNode document, ExecutionConfig execution, List<GridCell> cells, List<String> notes,
                    List<String> warnings) {

    public Study {
        cells = List.copyOf(cells);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
        if (studyDir == null && source != null) {
            studyDir = source.toAbsolutePath().getParent();
        }
    }

    public Study(String fileName, Path source, String studyName, String designHash, ObjectNode document,
                 ExecutionConfig execution, List<GridCell> cells, List<String> notes, List<String> warnings) {
        this(fileName, source, null, studyName, designHash, document, execution, cells, notes, warnings);
    }

    public Study(String fileName, Path source, String studyName, String designHash, ObjectNode document,
                 ExecutionConfig execution, List<GridCell> cells, List<String> notes) {
        this(fileName, source, studyName, designHash, document, execution, cells, notes, List.of());
    }

    /** {@code path} as the study names it, resolved against {@code studyDir} (null: the working folder). */
    public static Path resolve(Path studyDir, String path) {
        return (studyDir == null ? Path.of(path) : studyDir.resolve(path)).normalize();
    }
}

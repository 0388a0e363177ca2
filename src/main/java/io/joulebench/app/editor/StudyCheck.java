package io.joulebench.app.editor;

import io.joulebench.core.study.SourceLocation;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyError;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyValidationException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The editor's text through the CLI's own loader and validator: a {@link Study} or every problem in it.
 *
 * @param study  the validated study, or null when {@code errors} is not empty
 */
public record StudyCheck(Study study, List<StudyError> errors) {

    public StudyCheck {
        errors = List.copyOf(errors);
    }

    /** Validates {@code text} as if it were {@code file} (null for a new study: file checks are skipped). */
    public static StudyCheck of(String text, Path file) {
        String name = file == null || file.getFileName() == null ? "untitled.yaml" : file.getFileName().toString();
        Path baseDir = file == null ? null : file.toAbsolutePath().getParent();
        try {
            return new StudyCheck(new StudyLoader().parse(name, text.getBytes(StandardCharsets.UTF_8), baseDir),
                    List.of());
        } catch (StudyValidationException e) {
            return new StudyCheck(null, e.errors());
        } catch (RuntimeException e) {
            // The loader reports bad input as errors; anything else is a defect, still shown rather than thrown.
            return new StudyCheck(null, List.of(StudyError.at(name, "", SourceLocation.UNKNOWN,
                    "the study could not be checked: " + e)));
        }
    }

    public boolean valid() {
        return study != null;
    }
}

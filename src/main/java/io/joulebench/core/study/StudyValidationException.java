package io.joulebench.core.study;

import java.util.List;
import java.util.stream.Collectors;

/** A study file that cannot be used: every problem found in it, in file order, reported together. */
public final class StudyValidationException extends Exception {

    private final transient List<StudyError> errors;

    public StudyValidationException(List<StudyError> errors) {
        super(errors.stream().map(StudyError::format).collect(Collectors.joining(System.lineSeparator())));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a validation failure needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    public List<StudyError> errors() {
        return errors;
    }
}

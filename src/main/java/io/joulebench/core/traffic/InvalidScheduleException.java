package io.joulebench.core.traffic;

/**
 * A schedule parameter that cannot give a meaningful schedule. {@link #field()} is the parameter's name in
 * {@link ScheduleSpec} ({@code rate}, {@code burstiness}, {@code count}, {@code horizonSeconds}) and {@link #problem()}
 * the rest of the sentence, so a front end can put its own name for the parameter (a CLI option, a study key) before
 * it. The message is the field followed by the problem.
 */
public final class InvalidScheduleException extends IllegalArgumentException {

    private final String field;
    private final String problem;

    public InvalidScheduleException(String field, String problem) {
        super(field + " " + problem);
        this.field = field;
        this.problem = problem;
    }

    public String field() {
        return field;
    }

    /** The message without the leading field name, e.g. {@code "must be a finite number > 0 (got 0.0)"}. */
    public String problem() {
        return problem;
    }
}

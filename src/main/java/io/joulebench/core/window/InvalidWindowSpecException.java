package io.joulebench.core.window;

/** A window or SLO setting that cannot be used; {@link #field()} names the offending key. */
public class InvalidWindowSpecException extends IllegalArgumentException {

    private final String field;

    public InvalidWindowSpecException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}

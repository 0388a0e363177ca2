package io.joulebench.core.study;

/** A 1-based line and column in a study file; {@link #UNKNOWN} when the position is not known. */
public record SourceLocation(int line, int column) {

    public static final SourceLocation UNKNOWN = new SourceLocation(0, 0);
    public static final SourceLocation START = new SourceLocation(1, 1);

    public boolean known() {
        return line > 0;
    }
}

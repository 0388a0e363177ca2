package io.joulebench.core.traffic;

import java.nio.file.Path;

/** A trace file that cannot be replayed; the message names the file, the 1-based line and the field. */
public final class TraceFormatException extends Exception {

    private final transient Path file;
    private final int line;

    public TraceFormatException(Path file, int line, String problem) {
        super(file + " line " + line + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    public int line() {
        return line;
    }
}

package io.joulebench.core.traffic;

import java.nio.file.Path;

/** A trace CSV that cannot be replayed; the message names the file and the 1-based line. */
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

package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.joulebench.core.traffic.TraceFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test helpers: write a trace, read it whole, and check an error names the file, the line and the field. */
final class TraceFiles {

    private TraceFiles() {
    }

    static Path write(Path dir, String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content.replace("\\n", "\n"));
    }

    static TraceSlice whole(Path file, TraceFormat forced) throws IOException, TraceFormatException {
        return TraceSlice.read(file, forced, 0, null);
    }

    /** Reading fails at {@code line} with a message that names the file, the line and {@code expected}. */
    static void failsAt(Path file, TraceFormat forced, int line, String expected) {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> whole(file, forced));
        assertThat(e.file()).isEqualTo(file);
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.getMessage()).startsWith(file + " line " + line + ": ").contains(expected);
    }
}

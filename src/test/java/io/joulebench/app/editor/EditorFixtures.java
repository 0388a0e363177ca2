package io.joulebench.app.editor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Studies the editor and shell tests start from, copies kept under src/test/resources, never the bundled example. */
public final class EditorFixtures {

    /**
     * A copy of the quickstart ({@code study_name: quickstart-copy}; rates 16, 28, 40 with their own window lengths;
     * {@code window_seconds: 5}), so editing examples/quickstart.yaml never changes what these tests assert.
     */
    public static final Path QUICKSTART_COPY = Path.of("src/test/resources/studies/editor-quickstart.yaml");

    private EditorFixtures() {
    }

    public static String quickstartCopy() {
        try {
            return Files.readString(QUICKSTART_COPY, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.joulebench.app.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The sample results folder in the test resources: quickstart, rates 2/8/32 × 3 windows, one cycle. */
public final class Fixtures {

    public static final String QUICKSTART = "quickstart-20250601T101500Z";

    private Fixtures() {
    }

    /** The fixture as stored in the test resources (read-only use). */
    public static Path quickstartFolder() {
        try {
            return Path.of(Fixtures.class.getResource("/io/joulebench/app/results/" + QUICKSTART).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A copy of the fixture under {@code dir}, renamed. */
    public static Path copyTo(Path dir, String name) {
        Path source = quickstartFolder();
        Path target = dir.resolve(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Files.copy(p, target.resolve(source.relativize(p).toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }
}

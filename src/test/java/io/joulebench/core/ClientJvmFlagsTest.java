package io.joulebench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientJvmFlagsTest {

    /** The options file the packaged launchers and {@code javafx:run} start with (tests run in the project folder). */
    private static final Path OPTIONS = Path.of("packaging", "jvm-options.txt");

    @Test
    void the_packaged_launchers_start_with_the_clients_collector() throws IOException {
        List<String> options = Files.readAllLines(OPTIONS).stream()
                .map(line -> line.replaceFirst("#.*", "").strip()).filter(line -> !line.isEmpty()).toList();
        assertThat(options).as("%s must carry ClientJvmFlags.GC (decision record 0022)", OPTIONS)
                .containsAll(ClientJvmFlags.GC);
        assertThat(options).as("one collector only: the JVM refuses two")
                .filteredOn(o -> o.matches("-XX:\\+Use\\w+GC")).hasSize(1);
    }
}

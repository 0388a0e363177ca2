package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuiRequirementsTest {

    @Test
    void gtk_3_is_found_in_any_library_folder_or_reported_missing(@TempDir Path dir) throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path lib = Files.createDirectories(dir.resolve("lib"));
        assertThat(GuiRequirements.gtkMissing(List.of(empty, dir.resolve("absent")))).isTrue();
        Files.createFile(lib.resolve("libgtk-3.so.0"));
        assertThat(GuiRequirements.gtkMissing(List.of(empty, lib))).isFalse();
    }

    @Test
    void the_message_names_the_debian_package_and_the_cli() {
        assertThat(GuiRequirements.MISSING_GTK).contains("libgtk-3-0").contains("joulebench --help");
    }
}

package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PNG of "Save as PNG…" is encoded and written on the background executor, never by the caller (FX thread). */
class ChartImagesTest {

    @TempDir
    Path tmp;

    private final FileDialogs noDialogs = new FileDialogs() {
        @Override
        public Optional<Path> chooseFolder(String title) {
            return Optional.empty();
        }

        @Override
        public Optional<Path> chooseFolder(String title, Path initial) {
            return Optional.empty();
        }

        @Override
        public Optional<Path> chooseOpenFile(String title, String extensionDescription, String... globs) {
            return Optional.empty();
        }

        @Override
        public Optional<Path> chooseSaveFile(String title, String suggestedName) {
            return Optional.empty();
        }
    };

    @Test
    void the_png_is_written_by_the_background_executor_not_the_caller() throws Exception {
        List<Runnable> background = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        ChartImages.Saver saver = ChartImages.Saver.onExecutor(noDialogs, background::add,
                (message, cause) -> errors.add(message));
        Path png = tmp.resolve("chart.png");

        saver.write().accept(new BufferedImage(8, 6, BufferedImage.TYPE_INT_ARGB), png);
        assertThat(png).doesNotExist();
        assertThat(background).hasSize(1);

        background.get(0).run();
        assertThat(Files.readAllBytes(png)).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        assertThat(errors).isEmpty();
    }

    @Test
    void a_failed_write_is_reported_with_the_target() {
        List<Runnable> background = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        ChartImages.Saver saver = ChartImages.Saver.onExecutor(noDialogs, background::add,
                (message, cause) -> errors.add(message));
        Path png = tmp.resolve("no-such-folder/chart.png");
        saver.write().accept(new BufferedImage(8, 6, BufferedImage.TYPE_INT_ARGB), png);
        background.get(0).run();
        assertThat(errors).singleElement().asString().startsWith("Could not save " + png);
    }
}

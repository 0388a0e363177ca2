package io.joulebench.app.fx;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.image.WritableImage;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javax.imageio.ImageIO;

/**
 * Every chart's right-click menu: "Copy image" (to the clipboard) and "Save as PNG…". The snapshot is taken on the FX
 * thread (it must be); the PNG is encoded and written by the {@link Saver}'s writer, off the FX thread. The one owner
 * of chart images: the live charts, the editor's arrival preview, the results' plots and the Compare charts install it.
 */
public final class ChartImages {

    /** The menu items' texts (tests look them up). */
    public static final String COPY = "Copy image";
    public static final String SAVE = "Save as PNG…";

    /** The key under which a chart's node keeps its image menu ({@link #menuOf}). */
    private static final Object MENU_KEY = new Object();

    private ChartImages() {
    }

    /**
     * Where "Save as PNG…" writes: asks for a file, then hands the snapshot to {@code write}, which must not block
     * the FX thread (encode and write on a background executor).
     */
    public record Saver(FileDialogs dialogs, BiConsumer<BufferedImage, Path> write) {

        public Saver {
            Objects.requireNonNull(dialogs, "dialogs");
            Objects.requireNonNull(write, "write");
        }

        /** Writes on {@code background}; a failure reaches {@code errors} (which may be called from any thread). */
        public static Saver onExecutor(FileDialogs dialogs, Executor background, ErrorReporter errors) {
            return new Saver(dialogs, (image, target) -> background.execute(() -> {
                try {
                    writePng(image, target);
                } catch (IOException | RuntimeException e) {
                    errors.report("Could not save " + target + ": " + ErrorMessages.describe(e)
                            + ". Check that the folder is writable.", e);
                }
            }));
        }

        /** Asks for a file and saves {@code chart} as it is drawn now (FX thread: the snapshot only). */
        public void save(Node chart, String fileName) {
            dialogs.chooseSaveFile("Save the chart as PNG", fileName).ifPresent(p -> write.accept(snapshot(chart), p));
        }
    }

    /**
     * Installs the right-click menu on {@code chart}: "Copy image", and "Save as PNG…" (suggesting {@code fileName})
     * when {@code saver} is not null.
     *
     * @return the menu, also kept on the node ({@link #menuOf})
     */
    public static ContextMenu install(Node chart, String fileName, Saver saver) {
        MenuItem copy = new MenuItem(COPY);
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putImage(chart.snapshot(null, null));
            Clipboard.getSystemClipboard().setContent(content);
        });
        ContextMenu menu = new ContextMenu(copy);
        if (saver != null) {
            MenuItem save = new MenuItem(SAVE);
            save.setOnAction(e -> saver.save(chart, fileName));
            menu.getItems().add(save);
        }
        chart.setOnContextMenuRequested(e -> {
            menu.show(chart, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        chart.getProperties().put(MENU_KEY, menu);
        return menu;
    }

    /** The image menu installed on {@code chart}; null when none is. */
    public static ContextMenu menuOf(Node chart) {
        return chart.getProperties().get(MENU_KEY) instanceof ContextMenu m ? m : null;
    }

    /** Snapshot of a node as an AWT image (FX thread only). */
    public static BufferedImage snapshot(Node node) {
        WritableImage image = node.snapshot(null, null);
        return SwingFXUtils.fromFXImage(image, null);
    }

    /** Encodes and writes a PNG: call it off the FX thread. */
    public static void writePng(BufferedImage image, Path target) throws IOException {
        if (!ImageIO.write(image, "png", target.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}

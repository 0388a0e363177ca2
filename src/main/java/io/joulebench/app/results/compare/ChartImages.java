package io.joulebench.app.results.compare;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Saves a chart as PNG: the snapshot is taken on the FX thread, the file written by the caller's executor. */
final class ChartImages {

    private ChartImages() {
    }

    /** Snapshot of a node as an AWT image (FX thread only). */
    static BufferedImage snapshot(Node node) {
        WritableImage image = node.snapshot(null, null);
        return SwingFXUtils.fromFXImage(image, null);
    }

    static void writePng(BufferedImage image, Path target) throws IOException {
        if (!ImageIO.write(image, "png", target.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}

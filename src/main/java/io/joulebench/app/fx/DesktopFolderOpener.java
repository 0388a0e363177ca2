package io.joulebench.app.fx;

import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import javafx.application.HostServices;

/** Opens folders through AWT's Desktop when it can, otherwise through the JavaFX host services. */
public final class DesktopFolderOpener implements FolderOpener {

    private final HostServices hostServices;

    public DesktopFolderOpener(HostServices hostServices) {
        this.hostServices = hostServices;
    }

    @Override
    public void open(Path folder) throws IOException {
        if (!GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                && Desktop.getDesktop().isSupported(Desktop.Action.OPEN)) {
            Desktop.getDesktop().open(folder.toFile());
            return;
        }
        if (hostServices == null) {
            throw new IOException("this desktop has no file browser to open " + folder);
        }
        hostServices.showDocument(folder.toUri().toString());
    }
}

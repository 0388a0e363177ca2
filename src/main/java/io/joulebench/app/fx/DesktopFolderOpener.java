package io.joulebench.app.fx;

import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javafx.application.HostServices;

/**
 * Opens folders in the desktop's file browser: through {@code xdg-open} on Linux when it is installed (its exit code
 * says whether anything could open the folder), otherwise AWT's Desktop, otherwise the JavaFX host services. Every
 * one of them can block its caller (AWT parks in {@code gnome_url_show} when no D-Bus service answers), so callers
 * run this through {@link BoundedFolderOpener}, never on the FX thread.
 */
public final class DesktopFolderOpener implements FolderOpener {

    private final HostServices hostServices;

    public DesktopFolderOpener(HostServices hostServices) {
        this.hostServices = hostServices;
    }

    @Override
    public void open(Path folder) throws IOException {
        Path xdgOpen = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")
                ? onPath("xdg-open") : null;
        if (xdgOpen != null) {
            openWithXdg(xdgOpen, folder);
            return;
        }
        if (!GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                && Desktop.getDesktop().isSupported(Desktop.Action.OPEN)) {
            try {
                Desktop.getDesktop().open(folder.toFile());
            } catch (IOException e) {
                // AWT says "Failed to show URI:file:/…" with the whole path again: say it plainly, keep it for the log
                IOException plain = new IOException("no file browser answered for folders");
                plain.addSuppressed(e);
                throw plain;
            }
            return;
        }
        if (hostServices == null) {
            throw new IOException("this desktop has no file browser to open " + folder);
        }
        hostServices.showDocument(folder.toUri().toString());
    }

    private static void openWithXdg(Path xdgOpen, Path folder) throws IOException {
        Process p = new ProcessBuilder(xdgOpen.toString(), folder.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            int exit = p.waitFor();
            if (exit != 0) {
                throw new IOException("xdg-open found no file browser for folders (exit " + exit + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while xdg-open ran", e);
        }
    }

    private static Path onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, program);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}

package io.joulebench.app.shell;

import io.joulebench.app.fx.BoundedFolderOpener;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.core.ToolVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Window;

/**
 * The workbench's menu bar with Help: "Documentation" opens the docs folder (or the README) in the desktop's
 * browser, off the FX thread and bounded in time; "About Joulebench" names the version.
 */
public final class HelpMenu {

    private HelpMenu() {
    }

    /**
     * @param docs   the documentation to open; empty when none was found (the user is told where it lives)
     * @param opener opens it off the FX thread (a desktop integration can block its caller)
     */
    public static MenuBar bar(Optional<Path> docs, BoundedFolderOpener opener, ErrorReporter errors,
            Supplier<Window> owner) {
        MenuItem documentation = new MenuItem("Documentation");
        documentation.setId("help-docs");
        documentation.setOnAction(e -> docs.ifPresentOrElse(d -> opener.open(d, failure -> {
            if (failure != null) {
                errors.report("Could not open the documentation: " + failure + ". Read it at " + d + ".", null);
            }
        }), () -> errors.report("No documentation was found next to this installation. It is the README.md and"
                + " the docs/ folder of the Joulebench sources.", null)));
        MenuItem about = new MenuItem("About Joulebench");
        about.setId("help-about");
        about.setOnAction(e -> {
            Alert a = new Alert(Alert.AlertType.INFORMATION);
            a.initOwner(owner.get());
            a.setTitle("About Joulebench");
            a.setHeaderText("Joulebench " + ToolVersion.get());
            a.setContentText(aboutText(docs));
            a.getDialogPane().setId("about-dialog");
            a.show();
        });
        Menu help = new Menu("Help");
        help.setId("menu-help");
        help.getItems().addAll(documentation, about);
        MenuBar bar = new MenuBar(help);
        bar.setId("menu-bar");
        return bar;
    }

    /** The About text: what the tool does, its version and runtime, and where the documentation is. */
    static String aboutText(Optional<Path> docs) {
        return "Measures an LLM inference server's energy per generated token.\n\nVersion " + ToolVersion.get()
                + "\nJava " + System.getProperty("java.version", "?") + ", JavaFX "
                + System.getProperty("javafx.runtime.version", "?") + "\nDocumentation: "
                + docs.map(Path::toString).orElse("README.md and docs/ in the Joulebench sources");
    }

    /**
     * The documentation next to this installation: the docs/ folder (else README.md) in the working folder or
     * beside the application's jar (or one folder up); empty when none is there.
     */
    public static Optional<Path> findDocs() {
        List<Path> roots = new ArrayList<>();
        roots.add(Path.of("").toAbsolutePath());
        try {
            Path jar = Path.of(HelpMenu.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (jar.getParent() != null) {
                roots.add(jar.getParent());
                if (jar.getParent().getParent() != null) {
                    roots.add(jar.getParent().getParent());
                }
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // no code source (a custom class loader): the working folder only
        }
        for (Path root : roots) {
            if (Files.isDirectory(root.resolve("docs"))) {
                return Optional.of(root.resolve("docs").normalize());
            }
            if (Files.isRegularFile(root.resolve("README.md"))) {
                return Optional.of(root.resolve("README.md").normalize());
            }
        }
        return Optional.empty();
    }
}

package io.joulebench.app.fx;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Native file and folder choosers owned by the main window. */
public final class FxFileDialogs implements FileDialogs {

    private final Window owner;

    public FxFileDialogs(Window owner) {
        this.owner = owner;
    }

    @Override
    public Optional<Path> chooseFolder(String title) {
        return chooseFolder(title, null);
    }

    @Override
    public Optional<Path> chooseFolder(String title, Path initial) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        if (initial != null && java.nio.file.Files.isDirectory(initial)) {
            chooser.setInitialDirectory(initial.toFile());
        }
        return toPath(chooser.showDialog(owner));
    }

    @Override
    public Optional<Path> chooseOpenFile(String title, String extensionDescription, String... globs) {
        return chooseOpenFileIn(title, null, extensionDescription, globs);
    }

    @Override
    public Optional<Path> chooseOpenFileIn(String title, Path initialFolder, String extensionDescription,
            String... globs) {
        FileChooser chooser = new FileChooser();
        if (initialFolder != null && java.nio.file.Files.isDirectory(initialFolder)) {
            chooser.setInitialDirectory(initialFolder.toFile());
        }
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(extensionDescription, globs));
        return toPath(chooser.showOpenDialog(owner));
    }

    @Override
    public Optional<Path> chooseSaveFile(String title, String suggestedName) {
        return chooseSaveFile(title, suggestedName, null);
    }

    @Override
    public Optional<Path> chooseSaveFile(String title, String suggestedName, Path initial) {
        FileChooser chooser = new FileChooser();
        if (initial != null && java.nio.file.Files.isDirectory(initial)) {
            chooser.setInitialDirectory(initial.toFile());
        }
        chooser.setTitle(title);
        chooser.setInitialFileName(suggestedName);
        return toPath(chooser.showSaveDialog(owner));
    }

    private static Optional<Path> toPath(File f) {
        return f == null ? Optional.empty() : Optional.of(f.toPath());
    }
}

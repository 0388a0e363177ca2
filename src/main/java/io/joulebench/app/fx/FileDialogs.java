package io.joulebench.app.fx;

import java.nio.file.Path;
import java.util.Optional;

/** Asks the user for files and folders; the FX version uses the native choosers, tests answer directly. */
public interface FileDialogs {

    Optional<Path> chooseFolder(String title);

    /** A folder chooser that opens at {@code initial} when it is an existing folder (null: the chooser's default). */
    default Optional<Path> chooseFolder(String title, Path initial) {
        return chooseFolder(title);
    }

    Optional<Path> chooseOpenFile(String title, String extensionDescription, String... globs);

    /** A file chooser that opens in {@code initialFolder} when it is an existing folder (null: the default). */
    default Optional<Path> chooseOpenFileIn(String title, Path initialFolder, String extensionDescription,
            String... globs) {
        return chooseOpenFile(title, extensionDescription, globs);
    }

    Optional<Path> chooseSaveFile(String title, String suggestedName);

    /** A save chooser that opens in {@code initial} when it is an existing folder (null: the chooser's default). */
    default Optional<Path> chooseSaveFile(String title, String suggestedName, Path initial) {
        return chooseSaveFile(title, suggestedName);
    }
}

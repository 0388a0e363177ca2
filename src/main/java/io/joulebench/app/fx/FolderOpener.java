package io.joulebench.app.fx;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** Opens a folder in the desktop's file browser. */
@FunctionalInterface
public interface FolderOpener {

    /** @throws IOException when this desktop cannot open folders (headless, no file browser) */
    void open(Path folder) throws IOException;

    /** How long {@link #open} gets to return before the workbench shows the path instead ({@link BoundedFolderOpener}). */
    default Duration answerWithin() {
        return BoundedFolderOpener.DEFAULT_TIMEOUT;
    }
}

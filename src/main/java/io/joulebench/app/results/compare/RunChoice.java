package io.joulebench.app.results.compare;

import java.nio.file.Path;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/** A loaded results folder in the Compare view's list: whether it takes part. */
public final class RunChoice {

    private final Path folder;
    private final String label;
    private final BooleanProperty included = new SimpleBooleanProperty(true);

    public RunChoice(Path folder, String label) {
        this.folder = folder;
        this.label = label;
    }

    public Path folder() {
        return folder;
    }

    public String label() {
        return label;
    }

    public BooleanProperty includedProperty() {
        return included;
    }

    @Override
    public String toString() {
        return label;
    }
}

package io.joulebench.app.results.compare;

import io.joulebench.core.compare.Comparer.CellKey;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/** One cell (config hash × cycle, i.e. one rate of one run's configuration in one cycle): whether it takes part. */
public final class CellChoice {

    private final CellKey key;
    private final String label;
    private final BooleanProperty included = new SimpleBooleanProperty(true);

    public CellChoice(CellKey key, String label) {
        this.key = key;
        this.label = label;
    }

    public CellKey key() {
        return key;
    }

    public BooleanProperty includedProperty() {
        return included;
    }

    @Override
    public String toString() {
        return label;
    }
}

package io.joulebench.app.results.compare;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * One entry of a Compare list with a check box: a loaded results folder ({@code Choice<Path>}) or a cell, i.e. one
 * config hash × cycle ({@code Choice<CellKey>}), and whether it takes part. Its label is what the list shows.
 */
public final class Choice<K> {

    private final K key;
    private final String label;
    private final BooleanProperty included = new SimpleBooleanProperty(true);

    public Choice(K key, String label) {
        this.key = key;
        this.label = label;
    }

    /** What it stands for: the results folder or the cell's key. */
    public K key() {
        return key;
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

package io.joulebench.app.results.compare;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * One entry of a Compare list with a check box: a loaded results folder ({@code Choice<Path>}) or a cell, i.e. one
 * config hash × cycle ({@code Choice<CellKey>}), and whether it takes part. The list shows its label.
 *
 * @param key             what it stands for: the results folder or the cell's key
 * @param includedProperty whether it takes part; its own property, so two entries are never equal
 */
public record Choice<K>(K key, String label, BooleanProperty includedProperty) {

    /** Included to begin with. */
    public Choice(K key, String label) {
        this(key, label, new SimpleBooleanProperty(true));
    }

    @Override
    public String toString() {
        return label;
    }
}

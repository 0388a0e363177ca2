package io.joulebench.app.fx;

import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Label;

/** A strip across the top of a view, shown only while its text is not empty. */
public final class BannerView extends Label {

    public BannerView(ObservableStringValue text) {
        getStyleClass().add("estimate-banner");
        setMaxWidth(Double.MAX_VALUE);
        textProperty().bind(text);
        visibleProperty().bind(textProperty().isNotEmpty());
        managedProperty().bind(visibleProperty());
    }
}

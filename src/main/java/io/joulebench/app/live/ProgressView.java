package io.joulebench.app.live;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** Level i/N at rate r, window j/K, warmup state, ETA and a progress bar, in one row. */
public final class ProgressView {

    private final HBox box = new HBox(14);

    public ProgressView(LiveViewModel vm) {
        box.getStyleClass().add("progress-row");
        box.setAlignment(Pos.CENTER_LEFT);
        Label level = label(vm.levelTextProperty(), "progress-level");
        Label window = label(vm.windowTextProperty(), "progress-window");
        Label warmup = label(vm.warmupTextProperty(), "progress-warmup");
        Label eta = label(vm.etaTextProperty(), "progress-eta");
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.setMinWidth(120);
        HBox.setHgrow(bar, Priority.ALWAYS);
        box.getChildren().addAll(level, window, warmup, eta, bar);
    }

    private static Label label(javafx.beans.value.ObservableStringValue text, String id) {
        Label l = new Label();
        l.setId(id);
        l.textProperty().bind(text);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    public HBox node() {
        return box;
    }
}

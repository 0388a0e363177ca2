package io.joulebench.app.fx;

import java.nio.file.Path;
import javafx.beans.value.ObservableObjectValue;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * A caption, a folder's path in a read-only field (selectable) and a button that copies the path to the clipboard;
 * shown only while there is a path. A long caption (why a folder could not be opened) sits above the path and
 * wraps, so the path and its button always stay in the window.
 */
public final class PathBar extends javafx.scene.layout.VBox {

    private final TextField field = new TextField();
    private final Button copy = new Button("Copy path");

    private final HBox row = new HBox(6);

    public PathBar(String idPrefix, ObservableStringValue caption, ObservableObjectValue<Path> path) {
        this(idPrefix, caption, path, false);
    }

    public PathBar(String idPrefix, ObservableStringValue caption, ObservableObjectValue<Path> path,
            boolean captionAbove) {
        super(4);
        row.setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add("path-bar");
        setId(idPrefix);
        Label label = new Label();
        label.setId(idPrefix + "-caption");
        label.textProperty().bind(caption);
        if (captionAbove) {
            label.setWrapText(true);
            label.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        } else {
            label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        field.setId(idPrefix + "-path");
        field.setEditable(false);
        field.getStyleClass().add("path-field");
        field.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> path.get() == null ? "" : path.get().toString(), path));
        HBox.setHgrow(field, Priority.ALWAYS);
        field.setMaxWidth(Double.MAX_VALUE);
        copy.setId(idPrefix + "-copy");
        copy.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        copy.setTooltip(new Tooltip("Copy the folder's path to the clipboard"));
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(field.getText());
            Clipboard.getSystemClipboard().setContent(content);
        });
        field.setMinWidth(80);
        if (captionAbove) {
            row.getChildren().addAll(field, copy);
            getChildren().addAll(label, row);
        } else {
            row.getChildren().addAll(label, field, copy);
            getChildren().add(row);
        }
        visibleProperty().bind(javafx.beans.binding.Bindings.isNotNull(path));
        managedProperty().bind(visibleProperty());
    }

    /** Adds a control after the copy button (a close button, say). */
    public PathBar with(javafx.scene.Node extra) {
        row.getChildren().add(extra);
        return this;
    }
}

package io.joulebench.app.editor;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/** The study as YAML text, with its file and name; the form editor and plan preview join it later. */
public final class EditorView {

    private final BorderPane root = new BorderPane();

    public EditorView(EditorViewModel vm) {
        root.setId("editor-view");
        root.getStyleClass().add("editor-view");
        Label name = new Label();
        name.getStyleClass().add("view-title");
        name.textProperty().bind(vm.studyNameProperty());
        Label file = new Label();
        file.getStyleClass().add("file-label");
        file.textProperty().bind(vm.fileProperty().asString().map(s -> s.equals("null")
                ? "New study (not saved yet) — Ctrl+S saves it" : s));
        TextArea yaml = new TextArea();
        yaml.setId("editor-yaml");
        yaml.getStyleClass().add("yaml-text");
        yaml.textProperty().bindBidirectional(vm.textProperty());
        VBox top = new VBox(2, name, file);
        top.setPadding(new Insets(10, 10, 6, 10));
        root.setTop(top);
        BorderPane.setMargin(yaml, new Insets(0, 10, 10, 10));
        root.setCenter(yaml);
    }

    public BorderPane node() {
        return root;
    }
}

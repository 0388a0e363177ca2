package io.joulebench.app.editor;

import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.VBox;

/** The problems list: every validation message; choosing one shows its field or its line. */
final class ProblemsView {

    private final VBox root = new VBox(4);

    ProblemsView(ValidationViewModel vm) {
        Label heading = new Label();
        heading.getStyleClass().add("form-section-title");
        vm.problems().addListener((javafx.collections.ListChangeListener<Problem>) c -> heading.setText(title(vm)));
        heading.setText(title(vm));
        ListView<Problem> list = new ListView<>(vm.problems());
        list.setId("editor-problems");
        list.setPlaceholder(new Label("No problems: the study is valid"));
        list.setPrefHeight(120);
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Problem p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.text());
                // Long messages wrap within the list's width instead of running off its right edge.
                setWrapText(true);
                setMinWidth(0);
                prefWidthProperty().bind(list.widthProperty().subtract(24));
                getStyleClass().remove("problem-cell");
                if (!empty) {
                    getStyleClass().add("problem-cell");
                }
            }
        });
        list.setOnMouseClicked(e -> {
            Problem p = list.getSelectionModel().getSelectedItem();
            if (p != null) {
                vm.goTo(p);
            }
        });
        list.setOnKeyPressed(e -> {
            Problem p = list.getSelectionModel().getSelectedItem();
            if (p != null && e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                vm.goTo(p);
            }
        });
        root.getChildren().addAll(heading, list);
        root.setPadding(new javafx.geometry.Insets(0, 10, 10, 10));
    }

    private static String title(ValidationViewModel vm) {
        int n = vm.problems().size();
        return n == 0 ? "Problems" : "Problems (" + n + ")";
    }

    VBox node() {
        return root;
    }
}

package io.joulebench.app.editor;

import io.joulebench.app.editor.SweepGenerator.Spacing;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The sweep designer: the rate list with add, remove and reorder; the N-point generator; a second swept field. */
final class SweepView {

    private final VBox root = new VBox(6);
    private final ListView<String> list = new ListView<>();

    SweepView(SweepViewModel vm) {
        Label heading = new Label("Request rates (req/s)");
        heading.getStyleClass().add("form-section-title");
        list.setId("sweep-rates");
        list.setItems(vm.rates());
        list.setPrefHeight(112);
        list.setMinHeight(80);
        list.getSelectionModel().select(vm.selectedProperty().get());
        list.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> {
            if (b.intValue() >= 0) {
                vm.selectedProperty().set(b.intValue());
            }
        });
        vm.selectedProperty().addListener((o, a, b) -> list.getSelectionModel().select(b.intValue()));
        vm.rates().addListener((javafx.collections.ListChangeListener<String>) c ->
                list.getSelectionModel().select(vm.selectedProperty().get()));

        TextField rate = new TextField();
        rate.setId("sweep-new-rate");
        rate.setPromptText("rate");
        rate.setPrefColumnCount(5);
        Button add = new Button("Add");
        add.setId("sweep-add");
        add.setOnAction(e -> {
            if (!rate.getText().isBlank()) {
                vm.add(rate.getText());
                rate.clear();
            }
        });
        rate.setOnAction(add.getOnAction());
        Button remove = button("Remove", "Remove the selected rate", () -> {
            int i = list.getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                vm.remove(i);
            }
        });
        Button up = button("↑", "Move the selected rate up", () -> vm.move(selected(), -1));
        Button down = button("↓", "Move the selected rate down", () -> vm.move(selected(), 1));
        HBox listActions = new HBox(6, rate, add, remove, up, down);
        for (var b : java.util.List.of(add, remove, up, down)) {
            b.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        }
        listActions.setAlignment(Pos.CENTER_LEFT);

        Label ratesNote = new Label();
        ratesNote.setId("sweep-rates-note");
        ratesNote.setWrapText(true);
        ratesNote.textProperty().bind(vm.ratesNoteProperty());
        ratesNote.visibleProperty().bind(vm.ratesNoteProperty().isNotEmpty());
        ratesNote.managedProperty().bind(ratesNote.visibleProperty());

        Label rateError = new Label();
        rateError.setId("error-rates");
        rateError.getStyleClass().add("field-error");
        rateError.setWrapText(true);
        bindError(rateError, vm.errorProperty());

        TextField n = small("5", "N");
        TextField from = small("1", "from");
        TextField to = small("32", "to");
        ChoiceBox<Spacing> spacing = new ChoiceBox<>();
        spacing.getItems().setAll(Spacing.values());
        spacing.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Spacing s) {
                return s == null ? "" : s.name().toLowerCase(java.util.Locale.ROOT);
            }

            @Override
            public Spacing fromString(String s) {
                return Spacing.valueOf(s.toUpperCase(java.util.Locale.ROOT));
            }
        });
        spacing.setValue(Spacing.GEOMETRIC);
        Label generateError = new Label();
        generateError.getStyleClass().add("field-error");
        generateError.visibleProperty().bind(generateError.textProperty().isNotEmpty());
        generateError.managedProperty().bind(generateError.visibleProperty());
        Button generate = new Button("Go");
        generate.setId("sweep-generate");
        generate.setTooltip(new Tooltip("Replace the rates with N points from a to b; the ends are exact"));
        generate.setOnAction(e -> {
            try {
                vm.generate(Integer.parseInt(n.getText().strip()), Double.parseDouble(from.getText().strip()),
                        Double.parseDouble(to.getText().strip()), spacing.getValue());
                generateError.setText("");
            } catch (IllegalArgumentException ex) {
                generateError.setText(ex instanceof NumberFormatException
                        ? "N, from and to must be numbers" : ex.getMessage());
            }
        });
        generate.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        spacing.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        Label generatorLabel = new Label("Generate");
        generatorLabel.getStyleClass().add("form-label");
        Label pointsFrom = new Label("points from");
        Label toLabel = new Label("to");
        pointsFrom.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        toLabel.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        // Flows onto a second line in a narrow window instead of cutting its words short.
        javafx.scene.layout.FlowPane generator = new javafx.scene.layout.FlowPane(6, 4, n, pointsFrom, from, toLabel,
                to, spacing, generate);
        generator.setAlignment(Pos.CENTER_LEFT);
        generator.setPrefWrapLength(640);

        TextField axis = new TextField(vm.secondPathProperty().get());
        axis.setId("sweep-axis-path");
        axis.setPromptText("dotted path, e.g. task.max_output_tokens");
        TextField values = new TextField(vm.secondValuesProperty().get());
        values.setId("sweep-axis-values");
        values.setPromptText("values, e.g. 16, 64, 256");
        // On a row of its own with Apply, so neither prompt is ever cut short.
        values.setPrefColumnCount(24);
        HBox.setHgrow(values, Priority.ALWAYS);
        axis.setPrefColumnCount(24);
        axis.setMaxWidth(Double.MAX_VALUE);
        vm.secondPathProperty().addListener((o, a, b) -> axis.setText(b));
        vm.secondValuesProperty().addListener((o, a, b) -> values.setText(b));
        Button apply = button("Apply", "Sweep this field too (empty path: no second field)",
                () -> vm.setSecondAxis(axis.getText(), values.getText()));
        apply.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        Label secondHeading = new Label("Second swept field (optional)");
        secondHeading.getStyleClass().add("form-label");
        HBox second = new HBox(6, values, apply);
        second.setAlignment(Pos.CENTER_LEFT);
        Label axisError = new Label();
        axisError.setId("error-second_axis");
        axisError.getStyleClass().add("field-error");
        axisError.setWrapText(true);
        bindError(axisError, vm.secondErrorProperty());

        root.getChildren().addAll(heading, list, ratesNote, listActions, rateError, generatorLabel, generator, generateError,
                secondHeading, axis, second, axisError);
        root.getStyleClass().addAll("form-section", "sweep-designer");
        root.setPadding(new Insets(0, 0, 4, 0));
    }

    private int selected() {
        return list.getSelectionModel().getSelectedIndex();
    }

    private static void bindError(Label label, javafx.beans.value.ObservableStringValue text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    private static TextField small(String value, String prompt) {
        TextField f = new TextField(value);
        f.setPromptText(prompt);
        f.setPrefColumnCount(3);
        f.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        return f;
    }

    void focus() {
        list.requestFocus();
    }

    VBox node() {
        return root;
    }
}

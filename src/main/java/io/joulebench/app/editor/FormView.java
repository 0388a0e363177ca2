package io.joulebench.app.editor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The study form: sections of labelled fields in two columns, each with its validation message underneath. A
 * field's text is committed on Enter or when it loses focus; list fields commit on selection.
 */
final class FormView {

    private final StudyFormViewModel vm;
    private final PrometheusQueryViewModel prometheus;
    private final ScrollPane root;
    private final Map<String, Control> controls = new HashMap<>();

    FormView(StudyFormViewModel vm, Node sweepDesigner, PrometheusQueryViewModel prometheus) {
        this(vm, sweepDesigner, prometheus, null);
    }

    FormView(StudyFormViewModel vm, Node sweepDesigner, PrometheusQueryViewModel prometheus, Node trace) {
        this(vm, sweepDesigner, prometheus, trace, null);
    }

    /**
     * @param trace   the traffic section's trace replay, shown under it (null: none)
     * @param lengths the request-lengths section's histograms, shown under it (null: none)
     */
    FormView(StudyFormViewModel vm, Node sweepDesigner, PrometheusQueryViewModel prometheus, Node trace,
             Node lengths) {
        this.vm = vm;
        this.prometheus = prometheus;
        GridPane columns = new GridPane();
        columns.setHgap(18);
        columns.setPadding(new Insets(10));
        ColumnConstraints narrow = new ColumnConstraints();
        narrow.setPercentWidth(47);
        ColumnConstraints wide = new ColumnConstraints();
        wide.setPercentWidth(53);
        columns.getColumnConstraints().setAll(narrow, wide);
        VBox left = new VBox(10);
        VBox right = new VBox(10);
        for (String section : List.of(StudyForm.ENGINE, StudyForm.MODEL, StudyForm.ENERGY, StudyForm.WINDOWS,
                StudyForm.WARMUP, StudyForm.EXECUTION)) {
            left.getChildren().add(section(section));
        }
        right.getChildren().addAll(sweepDesigner, yamlOnlySection(), section(StudyForm.TRAFFIC));
        if (trace != null) {
            right.getChildren().add(trace);
        }
        right.getChildren().add(section(StudyForm.LENGTHS));
        if (lengths != null) {
            right.getChildren().add(lengths);
        }
        columns.add(left, 0, 0);
        columns.add(right, 1, 0);
        root = new ScrollPane(columns);
        root.setFitToWidth(true);
        root.getStyleClass().add("study-form");
        // Narrow (a 1100 px window): one column, so no combo is cut to "ref…"; with a little hysteresis, since
        // the vertical scroll bar that one column brings takes some width back.
        ColumnConstraints single = new ColumnConstraints();
        single.setPercentWidth(100);
        root.viewportBoundsProperty().addListener((o, a, b) -> {
            boolean stacked = GridPane.getRowIndex(right) == 1;
            if (!stacked && b.getWidth() < SINGLE_COLUMN_BELOW) {
                columns.getColumnConstraints().setAll(single);
                GridPane.setConstraints(right, 0, 1);
                columns.setVgap(10);
            } else if (stacked && b.getWidth() > SINGLE_COLUMN_BELOW + 40) {
                columns.getColumnConstraints().setAll(narrow, wide);
                GridPane.setConstraints(right, 1, 0);
            }
        });
    }

    /** Below this form width the two columns stack: each field then keeps room for its value. */
    static final double SINGLE_COLUMN_BELOW = 660;

    /** A form section's grid: a 132 px label column and an input column that takes the rest, as every section has. */
    static GridPane sectionGrid() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(2);
        ColumnConstraints labels = new ColumnConstraints(132);
        ColumnConstraints inputs = new ColumnConstraints();
        inputs.setHgrow(Priority.ALWAYS);
        inputs.setFillWidth(true);
        grid.getColumnConstraints().setAll(labels, inputs);
        return grid;
    }

    private Node section(String title) {
        Label heading = new Label(title);
        heading.getStyleClass().add("form-section-title");
        GridPane grid = sectionGrid();
        int row = 0;
        for (FieldViewModel field : vm.fieldsIn(title)) {
            Label label = new Label(field.field().label());
            label.getStyleClass().add("form-label");
            Control input = input(field);
            input.setId("field-" + field.key());
            input.setMaxWidth(Double.MAX_VALUE);
            if (!field.field().help().isEmpty()) {
                input.setTooltip(new Tooltip(field.field().help() + "\n" + field.field().path()));
            }
            label.setLabelFor(input);
            controls.put(field.key(), input);
            Label error = errorLabel(field);
            Label note = messageLabel("note-" + field.key(), "field-note", field.noteProperty());
            grid.add(label, 0, row);
            boolean query = field.key().equals(PrometheusQueryView.QUERY_FIELD);
            grid.add(query ? PrometheusQueryView.besideButton(input, prometheus) : input, 1, row++);
            grid.add(error, 1, row++);
            grid.add(note, 1, row++);
            if (query) {
                grid.add(PrometheusQueryView.result(prometheus), 1, row++);
            }
        }
        VBox box = new VBox(4, heading, grid);
        box.getStyleClass().add("form-section");
        return box;
    }

    /** The keys the study sets that no field edits, read-only; hidden when there are none. */
    private Node yamlOnlySection() {
        Label heading = new Label("Set in YAML (edit in YAML)");
        heading.getStyleClass().add("form-section-title");
        Label hint = new Label("The form has no field for these keys; the study sets them and they apply. Edit them"
                + " on the YAML tab.");
        hint.setWrapText(true);
        VBox lines = new VBox(2);
        lines.setId("yaml-only-keys");
        Runnable fill = () -> lines.getChildren().setAll(vm.yamlOnly().stream().map(line -> {
            Label l = new Label(line);
            l.getStyleClass().add("yaml-only-key");
            l.setTooltip(new Tooltip(line + "\nRead-only here: edit in YAML"));
            return (Node) l;
        }).toList());
        fill.run();
        vm.yamlOnly().addListener((javafx.collections.ListChangeListener<String>) c -> fill.run());
        VBox box = new VBox(4, heading, hint, lines);
        box.getStyleClass().add("form-section");
        box.setId("yaml-only");
        box.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.yamlOnly()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    static Label errorLabel(FieldViewModel field) {
        return messageLabel("error-" + field.key(), "field-error", field.errorProperty());
    }

    /** A wrapping message that shows {@code text} and takes no room while it is empty. */
    static Label messageLabel(String id, String styleClass, ObservableStringValue text) {
        Label message = new Label();
        message.setId(id);
        message.getStyleClass().add(styleClass);
        message.setWrapText(true);
        message.textProperty().bind(text);
        message.visibleProperty().bind(message.textProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        return message;
    }

    private Control input(FieldViewModel field) {
        FormField f = field.field();
        if (f.kind() == FormField.Kind.CHOICE || f.kind() == FormField.Kind.COMBO) {
            ComboBox<String> box = new ComboBox<>();
            box.getItems().setAll(f.choices());
            box.setEditable(f.kind() == FormField.Kind.COMBO);
            box.setValue(orNull(field.valueProperty().get())); // null, so an empty choice shows its prompt
            box.setPromptText(f.defaultText().isEmpty() ? null : "default: " + f.defaultText());
            field.valueProperty().addListener((o, a, b) -> {
                if (!b.equals(box.getValue())) {
                    box.setValue(orNull(b));
                }
            });
            box.valueProperty().addListener((o, a, b) -> {
                if (b != null && !b.equals(field.valueProperty().get())) {
                    vm.edit(field.key(), b);
                }
            });
            return box;
        }
        TextField text = new TextField(field.valueProperty().get());
        if (!f.defaultText().isEmpty()) {
            text.setPromptText("default: " + f.defaultText());
        }
        field.valueProperty().addListener((o, a, b) -> text.setText(b));
        text.setOnAction(e -> vm.edit(field.key(), text.getText()));
        text.focusedProperty().addListener((o, was, is) -> {
            if (!is && !text.getText().equals(field.valueProperty().get())) {
                vm.edit(field.key(), text.getText());
            }
        });
        return text;
    }

    private static String orNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    /** Focuses a field's control; false when the form has none for this key. */
    boolean focus(String key) {
        Control c = controls.get(key);
        if (c == null) {
            return false;
        }
        c.requestFocus();
        reveal(root, c);
        return true;
    }

    /** Scrolls the form so that {@code c} is near the top of its viewport. */
    static void reveal(ScrollPane root, Node c) {
        double contentHeight = root.getContent().getBoundsInLocal().getHeight();
        double y = root.getContent().sceneToLocal(c.localToScene(0, 0)).getY();
        double room = contentHeight - root.getViewportBounds().getHeight();
        if (room > 0) {
            root.setVvalue(Math.max(0, Math.min(1, (y - 20) / room)));
        }
    }

    ScrollPane node() {
        return root;
    }

    /**
     * The form with Undo and Redo above it; Ctrl+Z undoes the last committed form edit and Ctrl+Shift+Z (or Ctrl+Y)
     * redoes it, also while a field has the focus; with nothing to undo, the key goes to the field.
     */
    Node withUndoBar() {
        javafx.scene.control.Button undo = new javafx.scene.control.Button("Undo");
        undo.setId("form-undo");
        undo.setTooltip(new Tooltip("Undo the last form edit (Ctrl+Z)"));
        undo.disableProperty().bind(vm.canUndoProperty().not());
        undo.setOnAction(e -> vm.undo());
        javafx.scene.control.Button redo = new javafx.scene.control.Button("Redo");
        redo.setId("form-redo");
        redo.setTooltip(new Tooltip("Redo the form edit undone last (Ctrl+Shift+Z)"));
        redo.disableProperty().bind(vm.canRedoProperty().not());
        redo.setOnAction(e -> vm.redo());
        javafx.scene.layout.HBox bar = new javafx.scene.layout.HBox(6, undo, redo);
        bar.setPadding(new Insets(6, 10, 0, 10));
        VBox box = new VBox(bar, root);
        VBox.setVgrow(root, Priority.ALWAYS);
        var undoKey = new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.Z,
                javafx.scene.input.KeyCombination.SHORTCUT_DOWN);
        var redoKey = new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.Z,
                javafx.scene.input.KeyCombination.SHORTCUT_DOWN, javafx.scene.input.KeyCombination.SHIFT_DOWN);
        var redoY = new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.Y,
                javafx.scene.input.KeyCombination.SHORTCUT_DOWN);
        box.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (undoKey.match(e) && vm.undo() || (redoKey.match(e) || redoY.match(e)) && vm.redo()) {
                e.consume();
            }
        });
        return box;
    }
}

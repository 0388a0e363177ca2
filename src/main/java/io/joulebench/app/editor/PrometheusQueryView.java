package io.joulebench.app.editor;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Prometheus query's "Test query" button, beside the query field, and its read-only outcome underneath: the
 * sentence (how many series match, or why none could be listed) and the matching series by their labels.
 */
final class PrometheusQueryView {

    /** The form field the button sits beside. */
    static final String QUERY_FIELD = "prometheus_query";
    private static final double ROW_HEIGHT = 24;

    private PrometheusQueryView() {
    }

    static Node besideButton(Control queryField, PrometheusQueryViewModel vm) {
        Button test = new Button("Test query");
        test.setId("prometheus-test-query");
        test.setMinWidth(Control.USE_PREF_SIZE);
        test.setTooltip(new Tooltip("Runs the query once against the Prometheus URL and lists the series it matches"
                + " (what the results will name)"));
        test.disableProperty().bind(vm.runningProperty());
        test.setOnAction(e -> vm.testQuery());
        HBox row = new HBox(6, queryField, test);
        HBox.setHgrow(queryField, Priority.ALWAYS);
        return row;
    }

    static Node result(PrometheusQueryViewModel vm) {
        Label message = new Label();
        message.setId("prometheus-test-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        ListView<String> series = new ListView<>(vm.series());
        series.setId("prometheus-test-series");
        series.setFocusTraversable(false);
        series.setEditable(false);
        // as tall as its rows, up to five; a longer list scrolls
        series.prefHeightProperty().bind(javafx.beans.binding.Bindings.min(5, javafx.beans.binding.Bindings.size(
                vm.series())).multiply(ROW_HEIGHT).add(4));
        series.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.series()));
        series.managedProperty().bind(series.visibleProperty());
        VBox box = new VBox(4, message, series);
        box.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}

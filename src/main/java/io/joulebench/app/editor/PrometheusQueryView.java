package io.joulebench.app.editor;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Prometheus query's "Test query" button, beside the query field, and its read-only outcome underneath: the
 * sentence (how many series match, or why none could be listed) and the matching series by their full labels,
 * wrapped rather than cut, the first {@link #SHOWN} of them.
 */
final class PrometheusQueryView {

    /** The form field the button sits beside. */
    static final String QUERY_FIELD = "prometheus_query";
    static final int SHOWN = 8;
    /** A comma that ends a label's quoted value (not an escaped quote's) and starts the next label. */
    private static final java.util.regex.Pattern LABEL_SEPARATOR = java.util.regex.Pattern.compile("(?<!\\\\)\",(?=[a-zA-Z_])");

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
        Label series = new Label();
        series.setId("prometheus-test-series");
        series.getStyleClass().add("prometheus-series");
        series.setWrapText(true);
        series.textProperty().bind(Bindings.createStringBinding(() -> listed(vm.series()), vm.series()));
        series.visibleProperty().bind(Bindings.isNotEmpty(vm.series()));
        series.managedProperty().bind(series.visibleProperty());
        VBox box = new VBox(2, message, series);
        box.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    /**
     * One series a line, the first {@link #SHOWN}, then how many more. Labels are separated by ", " as Prometheus' own
     * UI shows them, so a long series wraps between labels instead of inside a value; when every series shown has
     * the same metric name, the name is written once above their label sets (at 1600 px the name and the first label
     * were wider than the field and wrapped inside a value).
     */
    static String listed(List<String> names) {
        List<String> shown = names.subList(0, Math.min(SHOWN, names.size())).stream()
                .map(n -> LABEL_SEPARATOR.matcher(n).replaceAll("\", ")).toList();
        String metric = shown.isEmpty() ? "" : metricOf(shown.getFirst());
        boolean shared = !metric.isEmpty() && shown.stream().allMatch(n -> metricOf(n).equals(metric)
                && n.length() > metric.length());
        String text = shared ? metric + "\n" + String.join("\n", shown.stream()
                .map(n -> "  " + n.substring(metric.length())).toList()) : String.join("\n", shown);
        return names.size() <= SHOWN ? text : text + "\n… and " + (names.size() - SHOWN) + " more";
    }

    private static String metricOf(String series) {
        int brace = series.indexOf('{');
        return brace < 0 ? series : series.substring(0, brace);
    }
}

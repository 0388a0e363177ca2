package io.joulebench.app.editor;

import io.joulebench.app.editor.TraceSettingsViewModel.Setting;
import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.Formats;
import io.joulebench.core.traffic.trace.TraceFormat;
import io.joulebench.core.traffic.trace.TraceProfile;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.AreaChart;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The traffic section's trace replay: file (with a chooser opening in the study's folder), format (auto shows what
 * was detected), slice and time scale; under them the slice's preview: request rate over time at the first time
 * scale, input and output length histograms and the shareable prefix share. The preview is read off the FX thread
 * by {@link TraceSettingsViewModel}; this view only draws what it publishes.
 */
final class TraceSectionView {

    private final TraceSettingsViewModel vm;
    private final VBox root = new VBox(4);
    private final Label caption = new Label();
    private final AreaChart<Number, Number> rate;
    private final BarChart<String, Number> input;
    private final BarChart<String, Number> output;
    private final VBox charts;


    /** @param images where the preview charts' "Save as PNG…" writes; null leaves only "Copy image" */
    TraceSectionView(TraceSettingsViewModel vm, FileDialogs dialogs, ChartImages.Saver images) {
        this.vm = vm;
        Label heading = new Label("Trace replay");
        heading.getStyleClass().add("form-section-title");
        GridPane grid = FormView.sectionGrid();

        TextField file = text(Setting.FILE, "no trace", "The trace file, relative to the study's"
                + " folder; empty replays no trace\nserver.traffic.trace.file");
        Button choose = new Button("Choose…");
        choose.setId("trace-choose");
        choose.setMinWidth(Region.USE_PREF_SIZE);
        choose.setTooltip(new Tooltip("Choose a trace file (joulebench CSV, Mooncake JSONL, Azure or BurstGPT CSV)"));
        choose.setOnAction(e -> dialogs.chooseOpenFileIn("Choose a trace", vm.chooserFolder(), "Trace files",
                "*.csv", "*.jsonl", "*.json", "*.txt", "*").ifPresent(vm::chooseFile));
        HBox fileRow = new HBox(6, file, choose);
        HBox.setHgrow(file, Priority.ALWAYS);

        ComboBox<String> format = new ComboBox<>();
        format.setId("trace-format");
        format.getItems().setAll(TraceFormat.choices());
        format.setPromptText("default: " + TraceFormat.AUTO);
        format.setValue(orNull(vm.valueProperty(Setting.FORMAT).get()));
        vm.valueProperty(Setting.FORMAT).addListener((o, a, b) -> {
            if (!b.equals(format.getValue())) {
                format.setValue(orNull(b));
            }
        });
        format.valueProperty().addListener((o, a, b) -> {
            if (b != null && !b.equals(vm.valueProperty(Setting.FORMAT).get())) {
                vm.edit(Setting.FORMAT, b);
            }
        });
        format.setTooltip(new Tooltip("auto detects the format from the file's first line\n"
                + "server.traffic.trace.format"));
        format.setMinWidth(Region.USE_PREF_SIZE);
        Label detected = new Label();
        detected.setId("trace-detected");
        detected.textProperty().bind(vm.detectedProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(vm.busyProperty());
        HBox formatRow = new HBox(8, format, detected, busy);
        formatRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        TextField start = text(Setting.START_SECONDS, "0", "Seconds from the trace's first row\n"
                + "server.traffic.trace.start_seconds");
        TextField duration = text(Setting.DURATION_SECONDS, "whole trace", "Seconds of trace to replay\n"
                + "server.traffic.trace.duration_seconds");
        TextField scale = text(Setting.TIME_SCALE, "1", "2 replays twice as fast; a list"
                + " (1, 2, 4) is a sweep, one level per value\nserver.traffic.trace.time_scale");
        grid.addRow(0, label("Trace file", file), fileRow);
        grid.addRow(1, label("Format", format), formatRow);
        grid.addRow(2, label("Slice start (s)", start), start);
        grid.addRow(3, label("Slice length (s)", duration), duration);
        grid.addRow(4, label("Time scale", scale), scale);

        Label message = FormView.messageLabel("trace-message", "field-error", vm.messageProperty());
        message.setMinHeight(Region.USE_PREF_SIZE);

        caption.setId("trace-caption");
        caption.setWrapText(true);
        caption.setMinHeight(Region.USE_PREF_SIZE);
        NumberAxis t = new NumberAxis();
        t.setLabel("replay time (s)");
        t.setForceZeroInRange(true);
        NumberAxis r = new NumberAxis();
        r.setLabel("req/s");
        rate = new AreaChart<>(t, r);
        rate.setId("trace-rate");
        rate.setCreateSymbols(false);
        rate.setLegendVisible(false);
        rate.setAnimated(false);
        rate.setPrefHeight(170);
        rate.setMinHeight(90);
        VBox.setVgrow(rate, Priority.ALWAYS);
        input = histogram("trace-input", "input (tokens)");
        output = histogram("trace-output", "output (tokens)");
        HBox lengths = new HBox(6, input, output);
        HBox.setHgrow(input, Priority.ALWAYS);
        HBox.setHgrow(output, Priority.ALWAYS);
        VBox.setVgrow(lengths, Priority.ALWAYS);
        Label heading2 = new Label("Trace preview");
        heading2.getStyleClass().add("form-section-title");
        Label status = new Label();
        status.textProperty().bind(javafx.beans.binding.Bindings.when(vm.busyProperty())
                .then("Reading the slice…").otherwise(vm.messageProperty()));
        status.getStyleClass().add("field-error");
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.visibleProperty().bind(status.textProperty().isNotEmpty());
        status.managedProperty().bind(status.visibleProperty());
        ChartImages.install(rate, "trace-rate.png", images);
        ChartImages.install(input, "trace-input-lengths.png", images);
        ChartImages.install(output, "trace-output-lengths.png", images);
        charts = new VBox(4, heading2, status, caption, rate, lengths);
        charts.setId("trace-preview");

        root.getChildren().addAll(heading, grid, message);
        root.getStyleClass().add("form-section");
        root.setId("trace-section");
        show(vm.previewProperty().get());
        vm.previewProperty().addListener((o, a, b) -> show(b));
    }

    private void show(TraceProfile p) {
        for (Node n : charts.getChildren().subList(2, charts.getChildren().size())) {
            n.setVisible(p != null); // caption, rate and lengths; the heading and the status stay
            n.setManaged(p != null);
        }
        if (p == null) {
            rate.getData().clear();
            input.getData().clear();
            output.getData().clear();
            return;
        }
        caption.setText(TracePreviewText.caption(p, vm.timeScales()));
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        double[] perBin = p.ratePerBin();
        for (int i = 0; i < perBin.length; i++) {
            // steps: each bin's rate held across its width
            series.getData().add(new XYChart.Data<>(i * p.binSeconds(), perBin[i]));
            series.getData().add(new XYChart.Data<>((i + 1) * p.binSeconds(), perBin[i]));
        }
        rate.getData().setAll(List.of(series));
        fill(input, p.input());
        fill(output, p.output());
    }

    private static void fill(BarChart<String, Number> chart, TraceProfile.Histogram h) {
        chart.setVisible(h != null);
        chart.setManaged(h != null);
        if (h == null) {
            chart.getData().clear();
            return;
        }
        XYChart.Series<String, Number> series = new XYChart.Series<>();
        int[] counts = h.counts();
        for (int i = 0; i < counts.length; i++) {
            series.getData().add(new XYChart.Data<>(TracePreviewText.binLabel(h, i), counts[i]));
        }
        chart.getData().setAll(List.of(series));
    }

    private static BarChart<String, Number> histogram(String id, String axis) {
        CategoryAxis x = new CategoryAxis();
        x.setLabel(axis);
        x.setTickLabelRotation(-60);
        NumberAxis y = new NumberAxis();
        y.setLabel("requests");
        BarChart<String, Number> chart = new BarChart<>(x, y);
        chart.setId(id);
        chart.setLegendVisible(false);
        chart.setAnimated(false);
        chart.setBarGap(0);
        chart.setCategoryGap(1);
        chart.setPrefHeight(190);
        chart.setMinHeight(100);
        chart.setMinWidth(0);
        chart.setPrefWidth(200);
        return chart;
    }

    private TextField text(Setting s, String prompt, String tip) {
        TextField field = new TextField(vm.valueProperty(s).get());
        field.setId("trace-" + s.key().replace('_', '-'));
        field.setPromptText(s == Setting.FILE ? prompt : "default: " + prompt);
        field.setTooltip(new Tooltip(tip));
        field.setMaxWidth(Double.MAX_VALUE);
        vm.valueProperty(s).addListener((o, a, b) -> field.setText(b));
        field.setOnAction(e -> vm.edit(s, field.getText()));
        field.focusedProperty().addListener((o, was, is) -> {
            if (!is && !field.getText().equals(vm.valueProperty(s).get())) {
                vm.edit(s, field.getText());
            }
        });
        return field;
    }

    private static Label label(String text, javafx.scene.control.Control input) {
        Label l = new Label(text);
        l.getStyleClass().add("form-label");
        l.setLabelFor(input);
        return l;
    }

    private static String orNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    /** The form's part: the settings and the reader's message. */
    Node node() {
        return root;
    }

    /** The slice's preview (caption, rate over time, length histograms), for the plan preview's column. */
    Node previewNode() {
        return charts;
    }
}

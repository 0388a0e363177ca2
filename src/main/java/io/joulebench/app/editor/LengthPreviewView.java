package io.joulebench.app.editor;

import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * Histograms of the drawn input and output lengths under the request-lengths section, one pair per length
 * configuration (labelled with its levels when the plan has several); hidden without a mix.
 */
final class LengthPreviewView {

    private static final double HEIGHT = 84;

    private final VBox root = new VBox(6);
    private final VBox charts = new VBox(8);

    LengthPreviewView(LengthPreviewViewModel vm) {
        root.setId("length-preview");
        root.getStyleClass().add("length-preview");
        Label note = new Label();
        note.getStyleClass().add("field-note");
        note.setWrapText(true);
        note.textProperty().bind(vm.noteProperty());
        root.getChildren().addAll(charts, note);
        root.visibleProperty().bind(vm.noteProperty().isNotEmpty());
        root.managedProperty().bind(root.visibleProperty());
        vm.levels().addListener((ListChangeListener<LengthPreviewViewModel.Level>) c -> show(vm));
        show(vm);
    }

    private void show(LengthPreviewViewModel vm) {
        charts.getChildren().clear();
        int i = 0;
        for (LengthPreviewViewModel.Level level : vm.levels()) {
            String suffix = i == 0 ? "" : "-" + i;
            HBox pair = new HBox(12, chart("Input tokens", level.input(), "length-histogram-input" + suffix));
            if (level.output() != null) {
                pair.getChildren().add(chart("Output tokens", level.output(), "length-histogram-output" + suffix));
            }
            pair.getChildren().forEach(n -> HBox.setHgrow(n, Priority.ALWAYS));
            VBox box = new VBox(2);
            if (!level.label().isEmpty()) {
                Label heading = new Label(level.label());
                heading.getStyleClass().add("length-level-label");
                heading.setStyle("-fx-font-weight: bold");
                heading.setWrapText(true);
                box.getChildren().add(heading);
            }
            box.getChildren().add(pair);
            charts.getChildren().add(box);
            i++;
        }
    }

    private static Node chart(String title, LengthPreviewViewModel.Histogram h, String id) {
        Label heading = new Label(title);
        heading.getStyleClass().add("form-label");
        Canvas canvas = new Canvas(0, HEIGHT);
        Pane holder = new Pane(canvas);
        holder.setId(id);
        holder.setMinHeight(HEIGHT);
        holder.setPrefHeight(HEIGHT);
        holder.setMinWidth(0);
        holder.setPrefWidth(160);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.widthProperty().addListener((o, a, b) -> draw(canvas, h));
        VBox box = new VBox(2, heading, holder);
        box.setMinWidth(0);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    private static void draw(Canvas canvas, LengthPreviewViewModel.Histogram h) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        g.clearRect(0, 0, w, HEIGHT);
        if (h == null || w <= 0) {
            return;
        }
        double labels = 16;
        double plot = HEIGHT - labels;
        int top = java.util.Arrays.stream(h.counts()).max().orElse(1);
        double bar = w / h.counts().length;
        g.setFill(Color.web("#4a7ab5"));
        for (int i = 0; i < h.counts().length; i++) {
            double height = top == 0 ? 0 : plot * h.counts()[i] / top;
            g.fillRect(i * bar + 1, plot - height, Math.max(1, bar - 2), height);
        }
        double meanX = (h.mean() - h.from()) / (h.to() - h.from()) * w;
        g.setStroke(Color.web("#c0392b"));
        g.setLineWidth(1.5);
        g.strokeLine(meanX, 0, meanX, plot);
        g.setFill(Color.web("#555555"));
        g.fillText(String.valueOf((long) h.from()), 2, HEIGHT - 3);
        String to = String.valueOf((long) h.to() - 1);
        g.fillText(to, Math.max(2, w - 8 * to.length()), HEIGHT - 3);
        String mean = String.format(Locale.ROOT, "mean %.0f", h.mean());
        g.fillText(mean, Math.max(40, Math.min(w - 70, meanX - 25)), HEIGHT - 3);
    }

    Node node() {
        return root;
    }
}

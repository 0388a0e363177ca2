package io.joulebench.app.live;

import io.joulebench.app.fx.ChartImages;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** A trace replay's rate: the trace's schedule beside the requests actually issued per window, on the run's clock. */
final class ReplayRateChartView {

    private final VBox root = new VBox(2);
    private final Label caption = new Label();
    private final XYChart.Series<Number, Number> scheduled = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> achieved = new XYChart.Series<>();

    ReplayRateChartView(ObservableValue<ReplayRateModel> model, ChartImages.Saver images) {
        NumberAxis x = new NumberAxis();
        x.setLabel("time since start (s)");
        x.setForceZeroInRange(false);
        NumberAxis y = new NumberAxis();
        y.setLabel("requests/s");
        y.setForceZeroInRange(true);
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId("live-replay-rate");
        chart.setTitle("Trace replay: scheduled vs achieved rate");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.getStyleClass().add("replay-rate-chart");
        scheduled.setName("scheduled (trace)");
        achieved.setName("achieved (issued per window)");
        chart.getData().setAll(List.of(scheduled, achieved));
        ChartImages.install(chart, "replay-rate.png", images);
        caption.setId("live-replay-caption");
        caption.setWrapText(true);
        caption.setMinHeight(Region.USE_PREF_SIZE);
        VBox.setVgrow(chart, Priority.ALWAYS);
        chart.setMinHeight(120);
        root.getChildren().addAll(chart, caption);
        model.addListener((o, a, b) -> show(b));
        show(model.getValue());
    }

    private void show(ReplayRateModel m) {
        scheduled.getData().setAll(points(m.scheduled()));
        achieved.getData().setAll(points(m.achieved()));
        caption.setText(m.caption());
    }

    private static List<XYChart.Data<Number, Number>> points(List<ReplayRateModel.Point> points) {
        List<XYChart.Data<Number, Number>> out = new ArrayList<>(points.size());
        for (ReplayRateModel.Point p : points) {
            out.add(new XYChart.Data<>(p.tSeconds(), p.reqPerS()));
        }
        return out;
    }

    VBox node() {
        return root;
    }
}

package io.joulebench.app.editor;

import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.Formats;
import io.joulebench.core.study.ExperimentOrder;
import io.joulebench.core.study.WallTimeEstimate;
import java.time.Duration;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The plan preview: cost figures, launches per order with the hint, and the arrival histogram of the chosen rate. */
final class PlanPreviewView {

    private final VBox root = new VBox(6);
    private final Label message = new Label();
    private final Label summary = new Label();
    private final Label wallTime = new Label();
    private final Label breakdown = new Label();
    private final Label cluster = new Label();
    private final Label hint = new Label();
    private final GridPane orders = new GridPane();
    private final Label arrivalCaption = new Label();
    private final BarChart<String, Number> histogram;
    private final ValidationViewModel vm;
    /** True while the study replays a trace: its preview then takes the arrival histogram's place. */
    private javafx.beans.value.ObservableBooleanValue traceStudy;

    PlanPreviewView(ValidationViewModel vm) {
        this(vm, null);
    }

    /** @param images where "Save as PNG…" on the arrival histogram writes; null leaves only "Copy image" */
    PlanPreviewView(ValidationViewModel vm, ChartImages.Saver images) {
        this.vm = vm;
        Label heading = new Label("Plan preview");
        heading.getStyleClass().add("form-section-title");
        message.getStyleClass().add("field-error");
        message.textProperty().bind(vm.planMessageProperty());
        message.visibleProperty().bind(message.textProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        summary.setId("plan-summary");
        wallTime.setId("plan-wall-time");
        wallTime.getStyleClass().add("plan-figure");
        cluster.setId("plan-cluster");
        cluster.getStyleClass().add("plan-cluster");
        cluster.setWrapText(true);
        // wrapped whole at 1100 px: without it the VBox keeps the label at one line's height and cuts it
        cluster.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        breakdown.getStyleClass().add("plan-breakdown");
        breakdown.setWrapText(true);
        breakdown.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // as cluster: a capacity search's line wraps
        hint.setId("plan-hint");
        hint.getStyleClass().add("plan-hint");
        hint.setWrapText(true);
        hint.visibleProperty().bind(hint.textProperty().isNotEmpty());
        hint.managedProperty().bind(hint.visibleProperty());
        orders.setHgap(14);
        orders.getStyleClass().add("plan-orders");
        CategoryAxis x = new CategoryAxis();
        x.setLabel("gap between arrivals (ms)");
        x.setTickLabelRotation(-40);
        NumberAxis y = new NumberAxis();
        y.setLabel("arrivals");
        histogram = new BarChart<>(x, y);
        histogram.setId("plan-arrivals");
        ChartImages.install(histogram, "arrival-gaps.png", images);
        histogram.setLegendVisible(false);
        histogram.setAnimated(false);
        histogram.setBarGap(0);
        histogram.setCategoryGap(1);
        histogram.setMinHeight(180);
        histogram.getStyleClass().add("arrival-histogram");
        VBox.setVgrow(histogram, Priority.ALWAYS);
        arrivalCaption.setId("plan-arrival-caption");
        arrivalCaption.setWrapText(true);
        arrivalCaption.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // both lines, the histogram gives way
        root.getChildren().addAll(heading, message, summary, wallTime, cluster, breakdown, orders, hint, arrivalCaption,
                histogram);
        root.setPadding(new Insets(10));
        root.getStyleClass().add("plan-preview");
        show(vm.planProperty());
        vm.planProperty().addListener((o, a, b) -> show(vm.planProperty()));
    }

    /**
     * A trace study's preview (its rate over time and length histograms) in the arrival histogram's place, shown
     * while {@code present}: a replay has no arrival process of its own to draw.
     */
    void showTrace(javafx.scene.Node preview, javafx.beans.value.ObservableBooleanValue present) {
        traceStudy = present;
        root.getChildren().add(preview);
        VBox.setVgrow(preview, Priority.ALWAYS);
        preview.visibleProperty().bind(present);
        preview.managedProperty().bind(present);
        present.addListener((o, a, b) -> show(vm.planProperty()));
        show(vm.planProperty());
    }

    /** Jobs, parallelism and the packed wall time on the cluster, and what the figure leaves out. */
    static String clusterText(PlanPreview p) {
        io.joulebench.core.study.ClusterWallTime c = p.cluster();
        if (c == null) {
            return "On the cluster: " + p.clusterNote();
        }
        return "On the cluster: " + c.jobs() + " job" + (c.jobs() == 1 ? "" : "s") + " (one per session group), "
                + c.parallelism() + " at once, estimated wall time " + (c.upperBound() ? "≤ " : "≈ ")
                + Formats.duration(Duration.ofMillis(Math.round(c.totalSeconds() * 1000)))
                + " without queueing" + (p.clusterNote().isEmpty() ? "" : " (" + p.clusterNote() + ")");
    }

    private void show(ObservableValue<PlanPreview> value) {
        PlanPreview p = value.getValue();
        boolean has = p != null;
        for (var n : new javafx.scene.Node[] {summary, wallTime, breakdown, orders, arrivalCaption, histogram}) {
            n.setVisible(has);
            n.setManaged(has);
        }
        boolean arrivals = has && (traceStudy == null || !traceStudy.get());
        arrivalCaption.setVisible(arrivals);
        arrivalCaption.setManaged(arrivals);
        histogram.setVisible(arrivals);
        histogram.setManaged(arrivals);
        boolean onCluster = has && (p.cluster() != null || !p.clusterNote().isEmpty());
        cluster.setVisible(onCluster);
        cluster.setManaged(onCluster);
        if (!has) {
            hint.setText("");
            return;
        }
        cluster.setText(onCluster ? clusterText(p) : "");
        summary.setText(p.levels() + " level" + (p.levels() == 1 ? "" : "s") + " · " + p.totalWindows()
                + " measured windows · " + p.launches() + " server launch" + (p.launches() == 1 ? "" : "es")
                + " (" + p.order().wire() + ")");
        WallTimeEstimate e = p.estimate();
        wallTime.setText("Estimated wall time " + (e.warmupIsUpperBound() ? "≤ " : "≈ ")
                + Formats.duration(Duration.ofMillis(Math.round(e.totalSeconds() * 1000))));
        breakdown.setText("launch " + secs(e.launchSeconds()) + " · warmup " + secs(e.warmupSeconds())
                + " · ramp " + secs(e.rampSeconds()) + " · windows " + secs(e.measuredSeconds())
                + (e.baselineSeconds() > 0 ? " · baseline " + secs(e.baselineSeconds()) : "")
                + (e.cooldownSeconds() > 0 ? " · cooldown " + secs(e.cooldownSeconds()) : "")
                + (e.gapSeconds() > 0 ? " · gaps " + secs(e.gapSeconds()) : "")
                + (e.probeSeconds() > 0 ? " · capacity probes ≤ " + secs(e.probeSeconds()) : ""));
        orders.getChildren().clear();
        int col = 0;
        for (ExperimentOrder order : ExperimentOrder.values()) {
            Label name = new Label(order.wire());
            Label launches = new Label(p.launchesByOrder().get(order) + " launch"
                    + (p.launchesByOrder().get(order) == 1 ? "" : "es"));
            if (order == p.order()) {
                name.getStyleClass().add("plan-order-current");
                launches.getStyleClass().add("plan-order-current");
            }
            orders.add(name, col, 0);
            orders.add(launches, col++, 1);
        }
        hint.setText(p.orderHint().isEmpty() ? "" : "Hint: " + p.orderHint());
        ArrivalPreview a = p.arrival();
        if (a == null) {
            arrivalCaption.setText("Select a rate to preview its arrivals");
            histogram.getData().clear();
            return;
        }
        arrivalCaption.setText(caption(a));
        XYChart.Series<String, Number> series = new XYChart.Series<>();
        int[] counts = a.counts();
        for (int i = 0; i < counts.length; i++) {
            String label = Formats.number(i * a.binWidthS() * 1000, a.binWidthS() * 1000 < 10 ? 1 : 0)
                    + (i == counts.length - 1 ? "+" : "");
            series.getData().add(new XYChart.Data<>(label, counts[i]));
        }
        histogram.getData().setAll(java.util.List.of(series));
    }

    private static String secs(double s) {
        return Formats.duration(Duration.ofMillis(Math.round(s * 1000)));
    }

    /**
     * The histogram's caption: what is drawn on one line, its statistics on the next, and each phrase held together
     * with no-break spaces, so a narrow column never wraps "gamma" away from "k 1".
     */
    static String caption(ArrivalPreview a) {
        String nb = "\u00a0";
        String what = a.sessions() ? "Session starts at " : "Arrivals at ";
        return (what + Formats.rate(a.rate(), a.sessions()) + ", " + a.arrival()).replace(" ", nb)
                .replace("," + nb, ", ")
                + "\n" + String.join(" · ", (a.gaps() + " gaps drawn").replace(" ", nb),
                ("sampled CV " + Formats.number(a.cv(), 2)).replace(" ", nb),
                ("sampled gamma k " + Formats.number(a.gammaK(), 2)).replace(" ", nb));
    }

    VBox node() {
        return root;
    }
}

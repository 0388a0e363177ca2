package io.joulebench.app.editor;

import io.joulebench.app.fx.Formats;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The plan preview's predicted precision: one row per level (rate, window, predicted CV of J/token, pass likelihood),
 * a level likely to fail the stability gate marked with its one-click fix ("Lengthen to N s"), and "Use suggested
 * lengths" when more than one needs it. The row's tooltip is the line {@code joulebench validate} prints. Labelled an
 * estimate: it comes from a model (docs/methodology.md), not from a run.
 */
final class PrecisionPreviewView {

    private final VBox root = new VBox(3);
    private final VBox rows = new VBox(2);
    private final Label summary = new Label();
    private final Button adoptAll = new Button();
    private final ValidationViewModel vm;

    PrecisionPreviewView(ValidationViewModel vm) {
        this.vm = vm;
        Label heading = new Label("Predicted precision (estimate)");
        heading.getStyleClass().add("form-section-title");
        summary.setId("precision-summary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        adoptAll.setId("precision-adopt-all");
        adoptAll.setOnAction(e -> vm.adoptSuggestedWindows());
        adoptAll.setTooltip(new Tooltip("Writes server.traffic.window_seconds_by_rate with the shortest window that"
                + " is likely to pass at each failing level"));
        Label note = new Label("From a model of the engine's power and the arrivals, not a run"
                + " (docs/methodology.md, predicted precision).");
        note.getStyleClass().add("plan-breakdown");
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        root.getChildren().addAll(heading, summary, rows, adoptAll, note);
        root.setPadding(new Insets(0, 10, 6, 10));
        root.setId("precision-preview");
        show(vm.precisionProperty().get());
        vm.precisionProperty().addListener((o, a, b) -> show(b));
    }

    private void show(PrecisionPreview p) {
        boolean has = p != null && !p.levels().isEmpty();
        root.setVisible(has);
        root.setManaged(has);
        rows.getChildren().clear();
        if (!has) {
            return;
        }
        long failing = p.likelyFailures();
        summary.setText(failing == 0 ? "Every level is likely to pass the stability gate."
                : failing + " level" + (failing == 1 ? " is" : "s are") + " likely to fail the stability gate.");
        summary.getStyleClass().removeAll("field-error");
        if (failing > 0) {
            summary.getStyleClass().add("field-error");
        }
        for (PrecisionPreview.Level level : p.levels()) {
            rows.getChildren().add(row(level));
        }
        adoptAll.setText("Use suggested lengths (" + p.suggested().size() + " levels)");
        adoptAll.setVisible(p.suggested().size() > 1);
        adoptAll.setManaged(adoptAll.isVisible());
    }

    private HBox row(PrecisionPreview.Level level) {
        Label text = new Label(rowText(level));
        text.setTooltip(new Tooltip(level.text()));
        text.setMinWidth(0);
        text.getStyleClass().add(level.likelyToPass() ? "precision-pass" : "precision-fail");
        HBox row = new HBox(6, text);
        row.setAlignment(Pos.CENTER_LEFT);
        if (level.suggestedSeconds() != null) {
            Hyperlink fix = new Hyperlink("Lengthen to " + seconds(level.suggestedSeconds()) + " s");
            fix.getStyleClass().add("precision-fix");
            fix.setMinWidth(Region.USE_PREF_SIZE);
            fix.setTooltip(new Tooltip("Gives the level at " + Formats.rate(level.rate()) + " its own window in"
                    + " server.traffic.window_seconds_by_rate"));
            fix.setOnAction(e -> vm.lengthenWindow(level.rate(), level.suggestedSeconds()));
            row.getChildren().add(fix);
        }
        return row;
    }

    /** "✓ 16 req/s · 20 s · CV 0.021 · 97 %"; a saturated level says it has no estimate. */
    static String rowText(PrecisionPreview.Level l) {
        String head = (l.likelyToPass() ? "✓ " : "⚠ ") + Formats.rate(l.rate()) + " · "
                + seconds(l.windowSeconds()) + " s";
        if (l.saturated()) {
            return head + " · above modelled capacity, no estimate";
        }
        return head + String.format(Locale.ROOT, " · CV %.3f · %.0f %%", l.predictedCv(), 100 * l.passLikelihood());
    }

    private static String seconds(double s) {
        return Formats.number(s, s == Math.rint(s) ? 0 : 1);
    }

    VBox node() {
        return root;
    }
}

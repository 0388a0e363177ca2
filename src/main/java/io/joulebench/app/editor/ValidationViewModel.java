package io.joulebench.app.editor;

import io.joulebench.core.study.StudyError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Validation and the plan preview of the edited study. Each text change (debounced) runs the CLI's loader: its
 * messages go next to their fields and into the problems list; a valid study gets a fresh {@link PlanPreview}.
 * Choosing a problem asks the view to focus its field, or its line in the YAML tab. The loader and the preview run on
 * the background executor and their outcome comes back through the UI executor; an outcome that a later change
 * superseded is dropped. Call the methods from the UI thread.
 */
public final class ValidationViewModel {

    private final StudyDocument document;
    private final StudyFormViewModel form;
    private final SweepViewModel sweep;
    private final ObservableValue<Path> file;
    private final ObservableList<Problem> problems = FXCollections.observableArrayList();
    private final ObservableList<Problem> readOnlyProblems = FXCollections.unmodifiableObservableList(problems);
    private final ObjectProperty<PlanPreview> plan = new SimpleObjectProperty<>();
    private final ObjectProperty<PrecisionPreview> precision = new SimpleObjectProperty<>();
    private final ObjectProperty<io.joulebench.core.study.Study> study = new SimpleObjectProperty<>();
    private final StringProperty planMessage = new SimpleStringProperty("");
    private final ObjectProperty<Problem> focusRequest = new SimpleObjectProperty<>();
    private final Executor background;
    private final io.joulebench.app.fx.UiExecutor ui;
    /** The cluster profile to estimate the plan on; null while the study runs on this machine. */
    private final ObjectProperty<Path> clusterProfile = new SimpleObjectProperty<>();
    private StudyCheck last;
    /** Counts requests; an outcome of an older one than the latest is dropped. */
    private volatile long generation;

    ValidationViewModel(StudyDocument document, StudyFormViewModel form, SweepViewModel sweep,
            ObservableValue<Path> file, io.joulebench.app.fx.Debouncer debouncer, Executor background,
            io.joulebench.app.fx.UiExecutor ui) {
        this.document = document;
        this.form = form;
        this.sweep = sweep;
        this.file = file;
        this.background = background;
        this.ui = ui;
        document.textProperty().addListener((o, a, b) -> debouncer.submit(this::validate));
        sweep.selectedProperty().addListener((o, a, b) -> updatePlan());
        clusterProfile.addListener((o, a, b) -> updatePlan());
    }

    /** The cluster profile the plan preview estimates jobs and wall time on; null: run on this machine. */
    public ObjectProperty<Path> clusterProfileProperty() {
        return clusterProfile;
    }

    /** Validates the current text (and previews a valid study's plan) in the background, then shows the outcome. */
    public void validate() {
        long request = ++generation;
        String text = document.textProperty().get();
        Path path = file.getValue();
        double rate = sweep.selectedRate();
        Path cluster = clusterProfile.get();
        background.execute(() -> {
            if (request != generation) {
                return; // a later change is queued behind this one
            }
            StudyCheck check = StudyCheck.of(text, path);
            Preview preview = check.valid() ? Preview.of(check, rate, cluster) : null;
            ui.execute(() -> {
                if (request == generation) {
                    show(check, preview);
                }
            });
        });
    }

    /**
     * Validates the current text at once, on the calling thread, and shows the outcome (the run asks for the study
     * it starts); an outcome still on its way from the background is dropped.
     */
    public StudyCheck validateNow() {
        generation++;
        StudyCheck check = StudyCheck.of(document.textProperty().get(), file.getValue());
        PlanPreview shown = plan.get();
        Preview preview = check.valid() ? Preview.of(check, sweep.selectedRate(), null) : null;
        if (preview != null && preview.plan() != null && shown != null && shown.cluster() != null) {
            // the cluster figures need the profile file read: kept from the last preview, not read on this thread
            PlanPreview p = preview.plan();
            preview = new Preview(new PlanPreview(p.order(), p.launches(), p.launchesByOrder(), p.levels(),
                    p.totalWindows(), p.estimate(), p.orderHint(), p.arrival(), shown.cluster(),
                    shown.clusterNote()), preview.precision(), "");
        }
        show(check, preview);
        return check;
    }

    /** A plan preview and its predicted precision, or why there is none. */
    private record Preview(PlanPreview plan, PrecisionPreview precision, String message) {

        static Preview of(StudyCheck check, double rate, Path clusterProfile) {
            try {
                return new Preview(PlanPreviewer.preview(check.study(), rate, clusterProfile), precisionOf(check), "");
            } catch (RuntimeException e) {
                return new Preview(null, null, "No plan preview: "
                        + io.joulebench.app.fx.ErrorMessages.describe(e));
            }
        }

        /** The estimate is an extra: a study the model cannot read still gets its plan. */
        private static PrecisionPreview precisionOf(StudyCheck check) {
            try {
                return PrecisionPreview.of(check.study());
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    private void show(StudyCheck check, Preview preview) {
        last = check;
        Map<String, List<String>> byField = new LinkedHashMap<>();
        List<Problem> list = new ArrayList<>();
        for (StudyError e : last.errors()) {
            Optional<String> key = form.fieldKeyFor(e.keyPath());
            String message = e.rule() + (e.suggestion() == null ? "" : " (did you mean '" + e.suggestion() + "'?)");
            key.ifPresent(k -> byField.computeIfAbsent(k, x -> new ArrayList<>()).add(message));
            list.add(new Problem(key.orElse(null), e.line(), e.column(), e.keyPath(), message));
        }
        form.showErrors(byField);
        sweep.showErrors(byField.getOrDefault(StudyFormViewModel.RATES, List.of()),
                byField.getOrDefault(StudyFormViewModel.SECOND_AXIS, List.of()));
        problems.setAll(list);
        showPlan(check, preview);
    }

    private void showPlan(StudyCheck check, Preview preview) {
        study.set(check.valid() ? check.study() : null);
        if (!check.valid()) {
            plan.set(null);
            precision.set(null);
            int n = check.errors().size();
            planMessage.set("Fix " + n + " problem" + (n == 1 ? "" : "s") + " to see the plan");
            return;
        }
        plan.set(preview.plan());
        precision.set(preview.precision());
        planMessage.set(preview.message());
    }

    /**
     * The one-click fix of a level likely to fail the gate: gives the level at {@code rate} its own window of
     * {@code seconds} in the study's {@code server.traffic.window_seconds_by_rate} (a key of the same rate, however
     * written, is replaced), spliced into the text so the user's comments stay; the check then runs again.
     */
    public void lengthenWindow(double rate, double seconds) {
        adoptWindows(java.util.Map.of(rate, seconds));
    }

    /** Adopts every suggested per-rate window length of the current estimate at once (nothing when none). */
    public void adoptSuggestedWindows() {
        PrecisionPreview p = precision.get();
        if (p != null && !p.suggested().isEmpty()) {
            adoptWindows(p.suggested());
        }
    }

    private void adoptWindows(Map<Double, Double> windows) {
        document.edit(tree -> {
            String path = "server.traffic.window_seconds_by_rate";
            com.fasterxml.jackson.databind.JsonNode old = StudyYaml.get(tree, path);
            com.fasterxml.jackson.databind.node.ObjectNode byRate = old instanceof
                    com.fasterxml.jackson.databind.node.ObjectNode o ? o.deepCopy() : StudyYaml.NODES.objectNode();
            for (Map.Entry<Double, Double> w : windows.entrySet()) {
                List<String> same = new ArrayList<>();
                byRate.fieldNames().forEachRemaining(k -> {
                    if (w.getKey().equals(io.joulebench.core.study.TrafficConfig.parseRateKey(k))) {
                        same.add(k);
                    }
                });
                String key = io.joulebench.core.precision.PrecisionPlan.rateKey(w.getKey());
                com.fasterxml.jackson.databind.node.ObjectNode kept = StudyYaml.NODES.objectNode();
                byRate.properties().forEach(e -> {
                    if (!same.contains(e.getKey())) {
                        kept.set(e.getKey(), e.getValue());
                    } else if (!kept.has(key)) {
                        kept.set(key, StudyYaml.number(w.getValue())); // where the user's entry stood
                    }
                });
                kept.set(key, kept.has(key) ? kept.get(key) : StudyYaml.number(w.getValue()));
                byRate = kept;
            }
            StudyYaml.set(tree, path, byRate);
        });
        validate();
    }

    /** The predicted precision of the last valid study; null when invalid or not estimable. */
    public ReadOnlyObjectProperty<PrecisionPreview> precisionProperty() {
        return precision;
    }

    /** The sweep's chosen rate changed: the preview follows it (with the text's check, so they stay one pair). */
    private void updatePlan() {
        if (last != null) {
            validate();
        }
    }

    /** Asks the view to show where a problem is: its field, or its line in the YAML tab. */
    public void goTo(Problem problem) {
        focusRequest.set(null);
        focusRequest.set(problem);
    }

    /** One read-only view, kept: a fresh wrapper per call would drop its listeners when it is collected. */
    public ObservableList<Problem> problems() {
        return readOnlyProblems;
    }

    /** The last study that checked; null while the text does not. */
    public ReadOnlyObjectProperty<io.joulebench.core.study.Study> studyProperty() {
        return study;
    }

    public ReadOnlyObjectProperty<PlanPreview> planProperty() {
        return plan;
    }

    public ReadOnlyStringProperty planMessageProperty() {
        return planMessage;
    }

    public ReadOnlyObjectProperty<Problem> focusRequestProperty() {
        return focusRequest;
    }

    /** The outcome of the last validation. */
    public StudyCheck last() {
        return last;
    }
}

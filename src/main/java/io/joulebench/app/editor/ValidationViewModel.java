package io.joulebench.app.editor;

import io.joulebench.core.study.StudyError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * Choosing a problem asks the view to focus its field, or its line in the YAML tab.
 */
public final class ValidationViewModel {

    private final StudyDocument document;
    private final StudyFormViewModel form;
    private final SweepViewModel sweep;
    private final ObservableValue<Path> file;
    private final ObservableList<Problem> problems = FXCollections.observableArrayList();
    private final ObservableList<Problem> readOnlyProblems = FXCollections.unmodifiableObservableList(problems);
    private final ObjectProperty<PlanPreview> plan = new SimpleObjectProperty<>();
    private final StringProperty planMessage = new SimpleStringProperty("");
    private final ObjectProperty<Problem> focusRequest = new SimpleObjectProperty<>();
    private StudyCheck last;

    ValidationViewModel(StudyDocument document, StudyFormViewModel form, SweepViewModel sweep,
            ObservableValue<Path> file, io.joulebench.app.fx.Debouncer debouncer) {
        this.document = document;
        this.form = form;
        this.sweep = sweep;
        this.file = file;
        document.textProperty().addListener((o, a, b) -> debouncer.submit(this::validateNow));
        sweep.selectedProperty().addListener((o, a, b) -> updatePlan());
    }

    /** Validates the current text at once and shows the outcome. */
    public StudyCheck validateNow() {
        last = StudyCheck.of(document.textProperty().get(), file.getValue());
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
        updatePlan();
        return last;
    }

    private void updatePlan() {
        if (last == null) {
            return;
        }
        if (!last.valid()) {
            plan.set(null);
            int n = last.errors().size();
            planMessage.set("Fix " + n + " problem" + (n == 1 ? "" : "s") + " to see the plan");
            return;
        }
        try {
            plan.set(PlanPreviewer.preview(last.study(), sweep.selectedRate()));
            planMessage.set("");
        } catch (RuntimeException e) {
            plan.set(null);
            planMessage.set("No plan preview: " + io.joulebench.app.fx.ErrorMessages.describe(e));
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

package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.traffic.ArrivalProcess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The form over the study tree: one {@link FieldViewModel} per {@link StudyForm} field, refreshed whenever the
 * tree changes, and {@link #edit} to write a field's text back into the tree (and so into the YAML text).
 */
public final class StudyFormViewModel {

    /** Field key of the rate list (the sweep designer) in validation messages and focus requests. */
    public static final String RATES = "rates";
    /** Field key of the optional second swept field. */
    public static final String SECOND_AXIS = "second_axis";

    private final StudyDocument document;
    private final Map<String, FieldViewModel> fields = new LinkedHashMap<>();
    private final javafx.collections.ObservableList<String> yamlOnly =
            javafx.collections.FXCollections.observableArrayList();
    private final javafx.collections.ObservableList<String> readOnlyYamlOnly =
            javafx.collections.FXCollections.unmodifiableObservableList(yamlOnly);

    public StudyFormViewModel(StudyDocument document) {
        this.document = document;
        for (FormField f : StudyForm.fields()) {
            fields.put(f.key(), new FieldViewModel(f));
        }
        document.onTreeChanged(this::refresh);
        refresh();
    }

    private void refresh() {
        String engine = engine();
        for (FieldViewModel vm : fields.values()) {
            vm.setValue(FieldCodec.display(vm.field(), StudyYaml.get(document.tree(), vm.field().pathFor(engine))));
        }
        notes();
        List<String> shown = new ArrayList<>(SweepViewModel.pathsShown(document.tree()));
        fields.values().forEach(vm -> shown.add(vm.field().pathFor(engine)));
        // the traffic section's trace settings edit these (a plain `trace: FILE` is its file)
        if (StudyYaml.get(document.tree(), TraceSettingsViewModel.TRACE_PATH) instanceof JsonNode t && t.isValueNode()) {
            shown.add(TraceSettingsViewModel.TRACE_PATH);
        }
        for (TraceSettingsViewModel.Setting s : TraceSettingsViewModel.Setting.values()) {
            shown.add(TraceSettingsViewModel.TRACE_PATH + "." + s.key());
        }
        List<String> lines = YamlOnlyKeys.of(document.tree(), shown).stream().map(YamlOnlyKeys.Key::line).toList();
        if (!lines.equals(yamlOnly)) {
            yamlOnly.setAll(lines);
        }
    }

    /**
     * The keys the study sets that no form field edits, as "path: value" lines the form shows read-only (to be
     * edited in YAML), so such a study is never shown as if they were unset.
     */
    public javafx.collections.ObservableList<String> yamlOnly() {
        return readOnlyYamlOnly;
    }

    /**
     * Says where per-rate window lengths change what Window (s) means (issue 35 item 9: it "changed nothing" on a
     * study whose every rate has its own length) and which per-rate lengths name a rate the study lacks.
     */
    private void notes() {
        var tree = document.tree();
        List<Double> rates = SweepViewModel.ratesOf(tree);
        List<String> stale = SweepViewModel.staleWindowRates(tree);
        long own = 0;
        if (StudyYaml.get(tree, SweepViewModel.WINDOWS_BY_RATE_PATH) instanceof com.fasterxml.jackson.databind.node
                .ObjectNode byRate) {
            List<Double> keyed = new ArrayList<>();
            byRate.fieldNames().forEachRemaining(k -> keyed.add(io.joulebench.core.study.TrafficConfig.parseRateKey(k)));
            own = rates.stream().filter(keyed::contains).count();
        }
        field("window_seconds").setNote(own == 0 ? "" : own == rates.size()
                ? "Applies to no rate: every rate has its own length in Window by rate"
                : "Applies to " + (rates.size() - own) + " of " + rates.size() + " rates; the others have their own"
                        + " length in Window by rate");
        field(StudyForm.WINDOW_BY_RATE).setNote(stale.isEmpty() ? "" : "Not a rate of this study: "
                + String.join(", ", stale) + " (unused; remove or add the rate)");
    }

    /** Writes a field's text into the study; false (and the reason next to the field) when it cannot be. */
    public boolean edit(String key, String text) {
        FieldViewModel vm = field(key);
        JsonNode value;
        try {
            value = FieldCodec.parse(vm.field(), text);
        } catch (FieldCodec.Rejected e) {
            vm.setError(e.getMessage());
            return false;
        }
        String path = vm.field().pathFor(engine());
        JsonNode before = StudyYaml.get(document.tree(), path);
        if (value == null ? before == null : value.equals(before)) {
            vm.setValue(FieldCodec.display(vm.field(), before));
            return true;
        }
        boolean dropsBurstiness = key.equals("arrival") && (value == null || !ArrivalProcess.GAMMA.label().equals(value.asText()));
        document.edit(tree -> {
            StudyYaml.set(tree, path, value);
            if (dropsBurstiness) {
                // burstiness belongs to gamma arrivals: a Poisson or constant study keeps no stale "burstiness: 2"
                StudyYaml.set(tree, field("burstiness").field().pathFor(engine()), null);
            }
        });
        return true;
    }

    /** Undoes the last form edit (Ctrl+Z on the form); false when there is none. */
    public boolean undo() {
        return document.undo();
    }

    /** Redoes the last undone form edit (Ctrl+Shift+Z or Ctrl+Y on the form); false when there is none. */
    public boolean redo() {
        return document.redo();
    }

    public javafx.beans.property.ReadOnlyBooleanProperty canUndoProperty() {
        return document.canUndoProperty();
    }

    public javafx.beans.property.ReadOnlyBooleanProperty canRedoProperty() {
        return document.canRedoProperty();
    }

    /** The study's engine, {@code reference} when not given. */
    public String engine() {
        JsonNode engine = document.tree().get("engine");
        return engine != null && engine.isTextual() && !engine.asText().isBlank() ? engine.asText() : "reference";
    }

    public FieldViewModel field(String key) {
        FieldViewModel vm = fields.get(key);
        if (vm == null) {
            throw new IllegalArgumentException("no form field " + key);
        }
        return vm;
    }

    public List<FieldViewModel> fields() {
        return List.copyOf(fields.values());
    }

    public List<FieldViewModel> fieldsIn(String section) {
        List<FieldViewModel> out = new ArrayList<>();
        for (FieldViewModel vm : fields.values()) {
            if (vm.field().section().equals(section)) {
                out.add(vm);
            }
        }
        return out;
    }

    /**
     * The field a validation message belongs to: {@link #RATES} for the rate (fixed or swept), {@link #SECOND_AXIS}
     * for another sweep axis, else the form field whose path is the message's path or its nearest parent (a
     * distribution's kind field for the distribution itself).
     */
    public Optional<String> fieldKeyFor(String keyPath) {
        if (keyPath == null || keyPath.isEmpty()) {
            return Optional.empty();
        }
        String path = keyPath.replaceAll("\\[\\d+]", "");
        if (path.startsWith("sweep.")) {
            String axis = path.substring("sweep.".length());
            return Optional.of(axis.equals(SweepViewModel.RATE_PATH) ? RATES : SECOND_AXIS);
        }
        if (path.equals(SweepViewModel.RATE_PATH)) {
            return Optional.of(RATES);
        }
        String engine = engine();
        for (String p = path; !p.isEmpty(); p = p.contains(".") ? p.substring(0, p.lastIndexOf('.')) : "") {
            for (FieldViewModel vm : fields.values()) {
                String at = vm.field().pathFor(engine);
                // a distribution's own key (task.sessions.turns missing) goes to its kind's field
                if (vm.field().kind() != FormField.Kind.GAMMA_SHAPE && (at.equals(p) || at.equals(p + ".distribution"))) {
                    return Optional.of(vm.key());
                }
            }
        }
        return Optional.empty();
    }

    /** Shows messages next to their fields; fields without one are cleared. */
    void showErrors(Map<String, List<String>> byField) {
        for (FieldViewModel vm : fields.values()) {
            List<String> messages = byField.get(vm.key());
            if (messages == null && vm.field().kind() == FormField.Kind.GAMMA_SHAPE) {
                messages = byField.get("burstiness");
            }
            vm.setError(messages == null ? "" : String.join("\n", messages));
        }
    }
}

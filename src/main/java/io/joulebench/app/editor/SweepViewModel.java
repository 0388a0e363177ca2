package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The sweep designer: the request rates (a list to add to, remove from, reorder or generate), and optionally a
 * second swept field (a dotted path and its values). Rates live in {@code sweep: {server.traffic.rate: [...]}}; a
 * study with one fixed {@code server.traffic.rate} keeps it there until a second rate is added.
 */
public final class SweepViewModel {

    public static final String RATE_PATH = "server.traffic.rate";

    private final StudyDocument document;
    private final ObservableList<String> rates = FXCollections.observableArrayList();
    private final ObservableList<String> readOnlyRates = FXCollections.unmodifiableObservableList(rates);
    private final IntegerProperty selected = new SimpleIntegerProperty(0);
    private final StringProperty secondPath = new SimpleStringProperty("");
    private final StringProperty secondValues = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty secondError = new SimpleStringProperty("");
    private final StringProperty ratesNote = new SimpleStringProperty("");

    public SweepViewModel(StudyDocument document) {
        this.document = document;
        document.onTreeChanged(this::refresh);
        refresh();
    }

    private void refresh() {
        ObjectNode tree = document.tree();
        List<String> values = new ArrayList<>();
        JsonNode swept = StudyYaml.sweepAxis(tree, RATE_PATH);
        if (swept != null && swept.isArray()) {
            swept.forEach(v -> values.add(FieldCodec.text(v)));
        } else {
            JsonNode fixed = StudyYaml.get(tree, RATE_PATH);
            if (fixed != null && !fixed.isNull()) {
                values.add(FieldCodec.text(fixed));
            }
        }
        if (!values.equals(rates)) {
            rates.setAll(values);
        }
        if (selected.get() >= rates.size()) {
            selected.set(Math.max(0, rates.size() - 1));
        }
        String path = "";
        String text = "";
        JsonNode sweep = tree.get("sweep");
        if (sweep instanceof ObjectNode s) {
            for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
                String axis = it.next();
                if (!axis.equals(RATE_PATH)) {
                    path = axis;
                    List<String> items = new ArrayList<>();
                    s.get(axis).forEach(v -> items.add(FieldCodec.text(v)));
                    text = String.join(", ", items);
                    break;
                }
            }
        }
        secondPath.set(path);
        secondValues.set(text);
        JsonNode search = StudyYaml.get(tree, CAPACITY_SEARCH_PATH);
        ratesNote.set(search == null || search.isNull() ? "" : "The capacity search chooses the measured rates"
                + rangeOf(search) + " (" + CAPACITY_SEARCH_PATH + ", listed below: edit in YAML)");
    }

    /** Where a study asks for an SLO capacity search, which picks the measured rates itself. */
    static final String CAPACITY_SEARCH_PATH = "server.capacity_search";

    private static String rangeOf(JsonNode search) {
        JsonNode min = search.get("min_rate");
        JsonNode max = search.get("max_rate");
        return min == null || max == null ? "" : ", searching " + FieldCodec.text(min) + "–" + FieldCodec.text(max)
                + " req/s";
    }

    /** The study paths this designer shows: the rate (fixed or swept) and the one other swept field it lists. */
    static List<String> pathsShown(ObjectNode tree) {
        List<String> paths = new ArrayList<>(List.of(RATE_PATH, "sweep." + RATE_PATH));
        JsonNode sweep = tree.get("sweep");
        if (sweep instanceof ObjectNode s) {
            for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
                String axis = it.next();
                if (!axis.equals(RATE_PATH)) {
                    paths.add("sweep." + axis);
                    break;
                }
            }
        }
        return paths;
    }

    /** Said beside an empty rate list when something else chooses the rates; empty otherwise. */
    public ReadOnlyStringProperty ratesNoteProperty() {
        return ratesNote;
    }

    /** Appends a rate (text, so a bad value reaches the validator and is shown next to the list). */
    public void add(String rate) {
        List<String> next = new ArrayList<>(rates);
        next.add(rate.strip());
        write(next);
        selected.set(next.size() - 1);
    }

    public void replace(int index, String rate) {
        List<String> next = new ArrayList<>(rates);
        next.set(index, rate.strip());
        write(next);
    }

    public void remove(int index) {
        List<String> next = new ArrayList<>(rates);
        next.remove(index);
        write(next);
    }

    /** Moves the rate at {@code index} one place up (-1) or down (+1); no-op at the ends. */
    public void move(int index, int delta) {
        int to = index + delta;
        if (index < 0 || index >= rates.size() || to < 0 || to >= rates.size()) {
            return;
        }
        List<String> next = new ArrayList<>(rates);
        next.add(to, next.remove(index));
        write(next);
        selected.set(to);
    }

    /**
     * Replaces the rates with N points between a and b. Per-rate window lengths of rates no longer in the list are
     * dropped in the same edit (one undo), so {@code window_seconds_by_rate} never names a rate the study lacks.
     */
    public void generate(int n, double a, double b, SweepGenerator.Spacing spacing) {
        List<String> next = new ArrayList<>();
        for (double v : SweepGenerator.points(n, a, b, spacing)) {
            next.add(FieldCodec.text(StudyYaml.number(v)));
        }
        document.edit(tree -> {
            writeInto(tree, next);
            dropStaleWindows(tree);
        });
    }

    /** The path of the per-rate window lengths. */
    static final String WINDOWS_BY_RATE_PATH = "server.traffic.window_seconds_by_rate";

    /** Removes the per-rate window lengths whose rate is not one of the study's rates. */
    static void dropStaleWindows(ObjectNode tree) {
        if (StudyYaml.get(tree, WINDOWS_BY_RATE_PATH) instanceof ObjectNode byRate) {
            List<String> stale = staleWindowRates(tree);
            stale.forEach(byRate::remove);
            if (byRate.isEmpty()) {
                StudyYaml.set(tree, WINDOWS_BY_RATE_PATH, null);
            }
        }
    }

    /** The keys of {@code window_seconds_by_rate} that name none of the study's rates (a search's study has none). */
    static List<String> staleWindowRates(ObjectNode tree) {
        List<String> stale = new ArrayList<>();
        if (StudyYaml.get(tree, WINDOWS_BY_RATE_PATH) instanceof ObjectNode byRate
                && StudyYaml.get(tree, CAPACITY_SEARCH_PATH) == null) {
            List<Double> rates = ratesOf(tree);
            byRate.fieldNames().forEachRemaining(k -> {
                Double rate = io.joulebench.core.study.TrafficConfig.parseRateKey(k);
                if (rate == null || !rates.contains(rate)) {
                    stale.add(k);
                }
            });
        }
        return stale;
    }

    /** The study's rates that are numbers: the swept list, else the fixed rate. */
    static List<Double> ratesOf(ObjectNode tree) {
        List<Double> out = new ArrayList<>();
        JsonNode swept = StudyYaml.sweepAxis(tree, RATE_PATH);
        JsonNode values = swept != null ? swept : StudyYaml.get(tree, RATE_PATH);
        if (values != null && values.isArray()) {
            values.forEach(v -> {
                if (v.isNumber()) {
                    out.add(v.doubleValue());
                }
            });
        } else if (values != null && values.isNumber()) {
            out.add(values.doubleValue());
        }
        return out;
    }

    /** Sets the second swept field; an empty path removes it. Values are comma separated. */
    public void setSecondAxis(String path, String values) {
        String axis = path == null ? "" : path.strip();
        if (axis.equals(RATE_PATH)) {
            secondError.set("the rate is swept by the list above; choose another field");
            return;
        }
        secondError.set("");
        String old = secondPath.get();
        document.edit(tree -> {
            if (!old.isEmpty()) {
                StudyYaml.setSweepAxis(tree, old, null);
            }
            if (!axis.isEmpty()) {
                ArrayNode list = StudyYaml.NODES.arrayNode();
                for (String v : (values == null ? "" : values).split(",")) {
                    if (!v.isBlank()) {
                        list.add(FieldCodec.scalar(v.strip()));
                    }
                }
                StudyYaml.setSweepAxis(tree, axis, list);
            }
        });
    }

    private void write(List<String> values) {
        document.edit(tree -> writeInto(tree, values));
    }

    private static void writeInto(ObjectNode tree, List<String> values) {
        {
            boolean swept = StudyYaml.sweepAxis(tree, RATE_PATH) != null;
            if (values.isEmpty()) {
                StudyYaml.setSweepAxis(tree, RATE_PATH, null);
                StudyYaml.set(tree, RATE_PATH, null);
            } else if (values.size() == 1 && !swept) {
                StudyYaml.set(tree, RATE_PATH, FieldCodec.scalar(values.get(0)));
            } else {
                ArrayNode list = StudyYaml.NODES.arrayNode();
                values.forEach(v -> list.add(FieldCodec.scalar(v)));
                StudyYaml.set(tree, RATE_PATH, null);
                StudyYaml.setSweepAxis(tree, RATE_PATH, list);
            }
        }
    }

    /** The selected rate as a number, or NaN when none is selected or it is not a number. */
    public double selectedRate() {
        int i = selected.get();
        if (i < 0 || i >= rates.size()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(rates.get(i));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** One read-only view, kept: a fresh wrapper per call would drop its listeners when it is collected. */
    public ObservableList<String> rates() {
        return readOnlyRates;
    }

    public IntegerProperty selectedProperty() {
        return selected;
    }

    public ReadOnlyStringProperty secondPathProperty() {
        return secondPath;
    }

    public ReadOnlyStringProperty secondValuesProperty() {
        return secondValues;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    public ReadOnlyStringProperty secondErrorProperty() {
        return secondError;
    }

    void showErrors(List<String> rateErrors, List<String> axisErrors) {
        error.set(String.join("\n", rateErrors));
        secondError.set(String.join("\n", axisErrors));
    }
}

package io.joulebench.app.results.energy;

import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.results.LoadedStudy;
import io.joulebench.app.results.ResultsViewModel;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The results browser's energy breakdown: for the windows selected in the table, each domain's energy (GPU, host,
 * node total) with its labels, each group's energy and J/token, and one line per window × device. A folder's device
 * table is read once, off the UI thread, and kept while the folder is open.
 */
public final class EnergyBreakdownViewModel {

    /** Reads a results folder's device table; an empty list when the run wrote none. */
    @FunctionalInterface
    public interface DeviceTableReader {
        DeviceTable read(Path folder) throws java.io.IOException;
    }

    private final ResultsViewModel results;
    private final Executor reader;
    private final UiExecutor ui;
    private final DeviceTableReader tables;
    private final Map<Path, DeviceTable> loaded = new HashMap<>();
    private final Set<Path> reading = new java.util.HashSet<>();
    private final ObservableList<DeviceLine> devices = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper domains = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper groups = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    public EnergyBreakdownViewModel(ResultsViewModel results, Executor reader, UiExecutor ui,
                                    DeviceTableReader tables) {
        this.results = results;
        this.reader = reader;
        this.ui = ui;
        this.tables = tables;
        results.selection().addListener((ListChangeListener<WindowRow>) c -> refresh());
        results.studies().addListener((ListChangeListener<LoadedStudy>) c -> {
            loaded.keySet().retainAll(results.studies().stream().map(LoadedStudy::folder).toList());
            refresh();
        });
        refresh();
    }

    private void refresh() {
        List<WindowRow> chosen = List.copyOf(results.selection());
        if (chosen.isEmpty()) {
            devices.clear();
            domains.set("");
            groups.set("");
            status.set("Select windows in the Windows tab to see their energy per domain, device and group.");
            return;
        }
        Set<Path> folders = new LinkedHashSet<>();
        for (WindowRow row : chosen) {
            LoadedStudy study = results.studyOf(row);
            if (study != null) {
                folders.add(study.folder());
            }
        }
        List<Path> missing = folders.stream().filter(f -> !loaded.containsKey(f)).toList();
        if (!missing.isEmpty()) {
            status.set("Reading the device table…");
            missing.stream().filter(reading::add).forEach(this::readInBackground);
            return;
        }
        List<DeviceLine> lines = new ArrayList<>();
        for (WindowRow row : chosen) {
            LoadedStudy study = results.studyOf(row);
            if (study != null) {
                lines.addAll(loaded.get(study.folder()).linesOf(row.text(WindowsCsvColumns.EXPERIMENT_ID)));
            }
        }
        devices.setAll(lines);
        WindowRow first = chosen.get(0);
        domains.set(EnergyBreakdownText.domains(first));
        LoadedStudy firstStudy = results.studyOf(first);
        groups.set(firstStudy == null ? "" : EnergyBreakdownText.groups(
                loaded.get(firstStudy.folder()).groupsOf(first.text(WindowsCsvColumns.EXPERIMENT_ID))));
        status.set(EnergyBreakdownText.status(chosen.size(), lines.size()));
    }

    private void readInBackground(Path folder) {
        reader.execute(() -> {
            DeviceTable table;
            String problem = null;
            try {
                table = tables.read(folder);
            } catch (java.io.IOException | RuntimeException e) {
                table = DeviceTable.EMPTY;
                problem = "Could not read the device table of " + folder + ": "
                        + io.joulebench.app.fx.ErrorMessages.describe(e);
            }
            DeviceTable result = table;
            String failure = problem;
            ui.execute(() -> {
                reading.remove(folder);
                loaded.put(folder, result);
                refresh();
                if (failure != null) {
                    status.set(failure);
                }
            });
        });
    }

    public ObservableList<DeviceLine> devices() {
        return devices;
    }

    /** The first selected window's domains: GPU, host and node total, each with its labels. */
    public ReadOnlyStringProperty domainsProperty() {
        return domains.getReadOnlyProperty();
    }

    /** The first selected window's device groups: energy and J/token each. */
    public ReadOnlyStringProperty groupsProperty() {
        return groups.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}

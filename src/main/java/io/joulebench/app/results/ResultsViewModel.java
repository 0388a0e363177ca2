package io.joulebench.app.results;

import io.joulebench.app.fx.BoundedFolderOpener;
import io.joulebench.app.fx.EnergyBanner;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.FolderOpener;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.prefs.WorkbenchPreferences;
import io.joulebench.core.compare.ReplayEstimates;
import io.joulebench.core.results.LevelFidelities;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.WindowsCsvTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State and actions of the results browser: the loaded results folders, all their windows, the grouping by rate,
 * the plot data and the export. Runs on the UI thread; exports go through an {@link ExportRunner} (a background
 * task in the workbench, run directly in tests) and report their progress and outcome here.
 */
public final class ResultsViewModel {

    private final WorkbenchPreferences preferences;
    private final ErrorReporter errors;
    private final BoundedFolderOpener folderOpener;
    private final ExportRunner exports;
    /** Reads results folders off the UI thread; {@link #ui} brings the tables back. */
    private final Executor reader;
    private final UiExecutor ui;
    private final IntegerProperty reading = new SimpleIntegerProperty();

    private final ObservableList<LoadedStudy> studies = FXCollections.observableArrayList();
    private final ObservableList<WindowRow> rows = FXCollections.observableArrayList();
    private final ObservableList<WindowRow> selection = FXCollections.observableArrayList();
    private final ObservableList<WindowRow> shown = FXCollections.observableArrayList();
    private final ObservableList<RateGroup> groups = FXCollections.observableArrayList();
    private final ObservableList<Path> recent = FXCollections.observableArrayList();
    private final ObjectProperty<PlotModel> plots = new SimpleObjectProperty<>(PlotModel.EMPTY);
    private final BooleanProperty groupByCycle = new SimpleBooleanProperty();
    private final BooleanProperty logRateAxis = new SimpleBooleanProperty();
    private List<Double> plottedRates = List.of();
    private final ObjectProperty<Interval> interval = new SimpleObjectProperty<>(Interval.MIN_MAX);
    private final StringProperty banner = new SimpleStringProperty("");
    /** "SIMULATED", "ESTIMATED" or empty: the plots lead their titles with it, so a saved image carries it. */
    private final StringProperty imageLabel = new SimpleStringProperty("");
    private final BooleanProperty exporting = new SimpleBooleanProperty();
    private final DoubleProperty exportProgress = new SimpleDoubleProperty(-1);
    private final StringProperty exportStatus = new SimpleStringProperty("");
    private final Map<WindowRow, LoadedStudy> owner = new IdentityHashMap<>();
    private final ObjectProperty<LoadedStudy> selectedStudy = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> shownFolder = new SimpleObjectProperty<>();
    private final StringProperty fidelity = new SimpleStringProperty("");
    private final BooleanProperty openingFolder = new SimpleBooleanProperty();
    private final ObjectProperty<Path> unopenedFolder = new SimpleObjectProperty<>();
    private final StringProperty folderNotice = new SimpleStringProperty("");

    /** A view model whose folder opener runs on the caller's thread (tests with an opener that returns). */
    public ResultsViewModel(WorkbenchPreferences preferences, ErrorReporter errors, FolderOpener folderOpener,
            ExportRunner exports) {
        this(preferences, errors, BoundedFolderOpener.direct(folderOpener), exports);
    }

    /** A view model that reads results folders on the caller's thread. */
    public ResultsViewModel(WorkbenchPreferences preferences, ErrorReporter errors,
            BoundedFolderOpener folderOpener, ExportRunner exports) {
        this(preferences, errors, folderOpener, exports, Runnable::run, UiExecutor.direct());
    }

    /**
     * @param reader reads the folders {@link #openInBackground} is given (a windows.csv of many thousand rows takes
     *               a while); their tables arrive through {@code ui}
     */
    public ResultsViewModel(WorkbenchPreferences preferences, ErrorReporter errors,
            BoundedFolderOpener folderOpener, ExportRunner exports, Executor reader, UiExecutor ui) {
        this.preferences = preferences;
        this.errors = errors;
        this.folderOpener = folderOpener;
        this.exports = exports;
        this.reader = reader;
        this.ui = ui;
        recent.setAll(preferences.recentResults());
        groupByCycle.addListener((o, a, b) -> regroup());
        interval.addListener((o, a, b) -> regroup());
        selectedStudy.addListener((o, a, b) -> refresh());
    }

    private void updateShownFolder() {
        LoadedStudy chosen = selectedStudy.get() != null && studies.contains(selectedStudy.get())
                ? selectedStudy.get() : studies.isEmpty() ? null : studies.get(0);
        shownFolder.set(chosen == null ? null : chosen.folder());
        fidelity.set(chosen == null ? "" : String.join("\n", chosen.fidelity()));
    }

    /** The shown run's trace levels' fidelity lines, one per level; empty without trace levels. */
    public ReadOnlyStringProperty fidelityProperty() {
        return fidelity;
    }

    /** Opens a results folder (one holding windows.csv) alongside those already loaded; true on success. */
    public boolean open(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        try {
            WindowsCsvTable table = WindowsCsvTable.readFolder(dir);
            add(dir, table, Manifest.runLabelOf(dir), fidelityLines(dir, table), true);
            return true;
        } catch (IOException | RuntimeException e) {
            reportUnreadable(dir, e);
            return false;
        }
    }

    /**
     * Reads a results folder on the reader and adds it on the UI thread, so opening many large folders never holds
     * the window up; {@link #readingProperty()} counts the folders still being read.
     */
    public void openInBackground(Path folder) {
        openInBackground(folder, true);
    }

    /**
     * Lists the runs in {@code root} (the default results folder) at start: the {@code max} newest folders holding
     * windows.csv, read in the background, none of them chosen and none added to the recent list. A missing root
     * lists nothing.
     */
    public void listRunsIn(Path root, int max) {
        reader.execute(() -> {
            List<Path> runs;
            try (java.util.stream.Stream<Path> dirs = Files.list(root)) {
                runs = dirs.filter(d -> Files.isRegularFile(d.resolve(WindowsCsvTable.FILE_NAME)))
                        .sorted(java.util.Comparator.comparing((Path d) -> d.getFileName().toString()).reversed())
                        .limit(max).sorted().toList();
            } catch (IOException | RuntimeException e) {
                return; // no default results folder yet: nothing to list
            }
            ui.execute(() -> runs.forEach(r -> openInBackground(r, false)));
        });
    }

    private void openInBackground(Path folder, boolean choose) {
        Path dir = folder.toAbsolutePath().normalize();
        reading.set(reading.get() + 1);
        reader.execute(() -> {
            try {
                WindowsCsvTable table = WindowsCsvTable.readFolder(dir);
                String runLabel = Manifest.runLabelOf(dir);
                List<String> fidelity = fidelityLines(dir, table);
                ui.execute(() -> {
                    reading.set(reading.get() - 1);
                    add(dir, table, runLabel, fidelity, choose);
                });
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> {
                    reading.set(reading.get() - 1);
                    if (choose) {
                        reportUnreadable(dir, e);
                    } // a folder listed at start that cannot be read is left out, not reported
                });
            }
        });
    }

    /** How many folders are still being read by {@link #openInBackground}. */
    public ReadOnlyIntegerProperty readingProperty() {
        return reading;
    }

    /**
     * Each trace level's fidelity line, read from the folder's requests.csv files (core's one owner), then each
     * replayed configuration's J/token with its interval (over cycles when the study repeated it).
     */
    private static List<String> fidelityLines(Path dir, WindowsCsvTable table) {
        try {
            List<String> lines = new ArrayList<>(LevelFidelities.read(dir, table).stream()
                    .map(LevelFidelities.Level::line).toList());
            ReplayEstimates.of(table.rows()).forEach(r -> lines.add(r.line()));
            return lines;
        } catch (IOException | RuntimeException e) {
            // the windows are still worth showing; a damaged request log only costs the fidelity line
            return List.of("fidelity unreadable: " + ErrorMessages.describe(e));
        }
    }

    private void add(Path dir, WindowsCsvTable table, String runLabel, List<String> fidelity, boolean choose) {
        studies.removeIf(s -> s.folder().equals(dir));
        LoadedStudy arrived = new LoadedStudy(dir, labelFor(dir, table, runLabel), table, runLabel, fidelity);
        studies.add(arrived);
        if (!choose) {
            refresh(); // listed at start: shown with the others, chosen by the user
            return;
        }
        recent.setAll(preferences.addRecentResults(dir));
        // What just arrived (a run that ended, a folder opened) is chosen, so the table, the plots and the energy
        // tab show it and no window of another run stays selected; "Show all" brings every run back.
        selection.clear();
        if (selectedStudy.get() != arrived) {
            selectedStudy.set(arrived);
        } else {
            refresh();
        }
    }

    private void reportUnreadable(Path dir, Exception e) {
        errors.report("Could not open results folder " + dir + ": " + ErrorMessages.describe(e)
                + ". Choose a folder written by a Joulebench run (it holds windows.csv).", e);
    }

    private static String labelFor(Path dir, WindowsCsvTable table, String runLabel) {
        String name = dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
        if (!runLabel.isEmpty()) {
            name = runLabel + " — " + name;
        }
        return table.rows().isEmpty() || table.rows().get(0).studyName().isEmpty() ? name
                : table.rows().get(0).studyName() + " — " + name;
    }

    public void close(LoadedStudy study) {
        studies.remove(study);
        refresh();
    }

    /**
     * The rows of the loaded studies, or of the one chosen in the list of loaded results only: the table, the
     * grouping, the plots and "Export all" all work on what is shown.
     */
    private void refresh() {
        List<WindowRow> all = new ArrayList<>();
        owner.clear();
        LoadedStudy only = selectedStudy.get() != null && studies.contains(selectedStudy.get())
                ? selectedStudy.get() : null;
        for (LoadedStudy s : studies) {
            if (only != null && s != only) {
                continue;
            }
            for (WindowRow r : s.table().rows()) {
                all.add(r);
                owner.put(r, s);
            }
        }
        rows.setAll(all);
        shown.setAll(all);
        selection.retainAll(all);
        updateShownFolder();
        banner.set(EnergyBanner.textFor(all.stream().map(WindowRow::energyKind).distinct().toList()));
        imageLabel.set(EnergyBanner.imageLabel(all.stream().map(WindowRow::energyKind).distinct().toList()));
        regroup();
    }

    private void regroup() {
        Function<WindowRow, String> names = SeriesNames.forRows(rows);
        groups.setAll(Grouping.byRate(rows, names, groupByCycle.get()));
        List<RateGroup> acrossCycles = groupByCycle.get() ? Grouping.byRate(rows, names, false) : groups;
        PlotModel model = PlotModel.of(acrossCycles, interval.get());
        // A new set of rates picks the axis afresh (log for a geometric sweep); a filter that keeps them keeps
        // the user's choice.
        if (!model.rates().equals(plottedRates)) {
            plottedRates = model.rates();
            logRateAxis.set(model.logRateSuggested());
        }
        if (!model.logRatePossible()) {
            logRateAxis.set(false);
        }
        plots.set(model);
    }

    /** Whether the plots' rate axis is logarithmic; set to the suggestion whenever the plotted rates change. */
    public BooleanProperty logRateAxisProperty() {
        return logRateAxis;
    }

    /**
     * The rows an export would write: the selection when asked and not empty, otherwise the rows the table shows
     * (after its filters and the chosen run).
     */
    public List<WindowRow> rowsToExport(boolean selectedOnly) {
        return selectedOnly && !selection.isEmpty() ? List.copyOf(selection) : List.copyOf(shown);
    }

    /** The rows the table shows now, its filters applied; the view keeps it in step (all rows without a view). */
    public ObservableList<WindowRow> shown() {
        return shown;
    }

    /** Called by the view when its filters change what it shows. */
    public void showing(List<WindowRow> visible) {
        shown.setAll(visible);
    }

    /**
     * Exports the selection (when asked and not empty) or all rows to {@code target} through the CSV writer of
     * {@code joulebench export}; progress and the outcome arrive in {@link #exportProgressProperty()} and
     * {@link #exportStatusProperty()}, a failure goes to the error reporter. Ignored while an export runs.
     */
    public void export(boolean selectedOnly, Path target) {
        if (exporting.get()) {
            return;
        }
        WindowsExport job = new WindowsExport(rowsToExport(selectedOnly), target);
        String name = target.getFileName() == null ? target.toString() : target.getFileName().toString();
        exporting.set(true);
        exportProgress.set(0);
        exportStatus.set("Writing " + name + "…");
        exports.start(job, new ExportRunner.Callbacks() {
            @Override
            public void progress(double fraction) {
                exportProgress.set(fraction);
            }

            @Override
            public void succeeded(Path written) {
                exporting.set(false);
                exportProgress.set(1);
                exportStatus.set("Wrote " + job.rows().size() + " windows to " + name);
            }

            @Override
            public void failed(Throwable cause) {
                exporting.set(false);
                exportProgress.set(-1);
                exportStatus.set("Export failed");
                errors.report("Export to " + target + " failed: " + ErrorMessages.describe(cause)
                        + ". Check that the folder is writable and has space.", cause);
            }
        });
    }

    /** The window's bundle folder when it exists, else its results folder; null for an unknown row. */
    public Path bundleFolder(WindowRow row) {
        LoadedStudy study = owner.get(row);
        if (study == null) {
            return null;
        }
        String id = row.experimentId();
        if (!id.isEmpty() && !id.contains("/") && !id.contains("\\") && !id.contains("..")) {
            Path bundle = study.folder().resolve(id);
            if (Files.isDirectory(bundle)) {
                return bundle;
            }
        }
        return study.folder();
    }

    /**
     * Opens the selected window's bundle folder (or the shown results folder) in the file browser, off the UI
     * thread and bounded in time. When the desktop cannot open it, {@link #unopenedFolderProperty()} holds the
     * folder and {@link #folderNoticeProperty()} says why, so the view can show the path to copy. Ignored while an
     * earlier request is still waiting for the desktop.
     */
    public void openBundleFolder() {
        Path folder = !selection.isEmpty() ? bundleFolder(selection.get(0)) : shownFolder.get();
        if (folder == null || openingFolder.get()) {
            return;
        }
        openingFolder.set(true);
        dismissFolderNotice();
        folderOpener.open(folder, failure -> {
            openingFolder.set(false);
            if (failure != null) {
                folderNotice.set("Could not open a file browser: " + failure + ". Copy the folder's path instead:");
                unopenedFolder.set(folder);
            }
        });
    }

    /**
     * Where the results' file choosers open (issue 35 item 17), not the working folder: the shown results folder,
     * else the most recent one; null when there is none yet.
     */
    public Path dialogFolder() {
        Path shownNow = shownFolder.get();
        return shownNow != null ? shownNow : recent.isEmpty() ? null : recent.get(0);
    }

    /** Where "Open results…" opens: the folder that holds the results folders (their parent). */
    public Path openDialogFolder() {
        Path f = dialogFolder();
        return f == null ? null : f.getParent();
    }

    /** Hides the "could not open" notice. */
    public void dismissFolderNotice() {
        unopenedFolder.set(null);
        folderNotice.set("");
    }

    /** The loaded study a shown row comes from; null for a row not shown. */
    public LoadedStudy studyOf(WindowRow row) {
        return owner.get(row);
    }

    /** The loaded study chosen in the list of loaded results, null for all; the view keeps it in step. */
    public ObjectProperty<LoadedStudy> selectedStudyProperty() {
        return selectedStudy;
    }

    /** The results folder the view names: the chosen loaded study's, else the first loaded; null when none. */
    public ReadOnlyObjectProperty<Path> shownFolderProperty() {
        return shownFolder;
    }

    /** True while a request to open a folder waits for the desktop. */
    public ReadOnlyBooleanProperty openingFolderProperty() {
        return openingFolder;
    }

    /** The folder the desktop could not open, for the view to show with a copy button; null when none. */
    public ReadOnlyObjectProperty<Path> unopenedFolderProperty() {
        return unopenedFolder;
    }

    /** Why the last folder could not be opened; empty when it could. */
    public ReadOnlyStringProperty folderNoticeProperty() {
        return folderNotice;
    }

    public ObservableList<LoadedStudy> studies() {
        return studies;
    }

    public ObservableList<WindowRow> rows() {
        return rows;
    }

    /** The rows selected in the table; the view keeps it in step. */
    public ObservableList<WindowRow> selection() {
        return selection;
    }

    public ObservableList<RateGroup> groups() {
        return groups;
    }

    public ObservableList<Path> recent() {
        return recent;
    }

    public ReadOnlyObjectProperty<PlotModel> plotsProperty() {
        return plots;
    }

    public BooleanProperty groupByCycleProperty() {
        return groupByCycle;
    }

    public ObjectProperty<Interval> intervalProperty() {
        return interval;
    }

    public ReadOnlyStringProperty imageLabelProperty() {
        return imageLabel;
    }

    public ReadOnlyStringProperty bannerProperty() {
        return banner;
    }

    public ReadOnlyBooleanProperty exportingProperty() {
        return exporting;
    }

    /** The running or last export's progress, 0 to 1; -1 before the first export and after a failure. */
    public ReadOnlyDoubleProperty exportProgressProperty() {
        return exportProgress;
    }

    /** What the running or last export did, for a status line ("Wrote 9 windows to windows.csv"). */
    public ReadOnlyStringProperty exportStatusProperty() {
        return exportStatus;
    }
}

package io.joulebench.app.results.compare;

import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.results.LoadedStudy;
import io.joulebench.core.compare.CompareInputException;
import io.joulebench.core.compare.Comparer.CellKey;
import io.joulebench.core.compare.Comparer;
import io.joulebench.core.compare.Comparison;
import io.joulebench.core.compare.ComparisonCsv;
import io.joulebench.core.compare.ComparisonReport;
import io.joulebench.core.compare.Formats;
import io.joulebench.core.compare.ResultsRun;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import io.joulebench.core.slo.SloFormatException;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * State and actions of the Compare view: which loaded runs take part, the baseline, the SLO and the front's
 * latency; the {@link Comparison} of {@code joulebench compare} made from them off the UI thread (the folders are
 * read again there, resolved.json and result.json included), and the CSV and HTML exports. Every property is set on
 * the UI thread, through the {@link UiExecutor}.
 */
public final class CompareViewModel {

    private final Executor background;
    private final UiExecutor ui;
    private final ErrorReporter errors;

    private final ObservableList<Choice<Path>> runs = FXCollections.observableArrayList();
    private final ObservableList<Choice<Path>> included = FXCollections.observableArrayList();
    private final ObservableList<Choice<CellKey>> cells = FXCollections.observableArrayList();
    private final ObjectProperty<Choice<Path>> baseline = new SimpleObjectProperty<>();
    private final StringProperty slo = new SimpleStringProperty("ttft_p99_ms=500,tpot_p99_ms=50");
    private final ObjectProperty<LevelMetric> latency = new SimpleObjectProperty<>(LevelMetric.TTFT_P99);
    private final ObjectProperty<Comparison> comparison = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("Open two or more results folders to compare.");
    private final StringProperty inputError = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(-1);
    private final AtomicLong generation = new AtomicLong();
    /** Stamps the HTML report. */
    private final Clock clock;
    private Slo appliedSlo = Slo.parse(slo.get());

    public CompareViewModel(ObservableList<LoadedStudy> studies, Executor background, UiExecutor ui,
                            ErrorReporter errors, Clock clock) {
        this.background = background;
        this.clock = clock;
        this.ui = ui;
        this.errors = errors;
        studies.addListener((ListChangeListener<LoadedStudy>) c -> sync(studies));
        baseline.addListener((o, a, b) -> recompute());
        latency.addListener((o, a, b) -> recompute());
        sync(studies);
    }

    private void sync(List<LoadedStudy> studies) {
        List<Choice<Path>> next = new ArrayList<>();
        for (LoadedStudy s : studies) {
            Choice<Path> existing = runs.stream().filter(r -> r.key().equals(s.folder())).findFirst().orElse(null);
            if (existing != null) {
                next.add(existing);
            } else {
                String folderName = Objects.toString(s.folder().getFileName(), s.label());
                Choice<Path> r = new Choice<>(s.folder(), s.runLabel().isEmpty() ? folderName
                        : s.runLabel() + " (" + folderName + ")");
                r.includedProperty().addListener((o, a, b) -> recompute());
                next.add(r);
            }
        }
        runs.setAll(next);
        recompute();
    }

    /** Reads the SLO text; on a bad key or value says so and keeps the last good SLO. True when applied. */
    public boolean applySlo() {
        try {
            appliedSlo = Slo.parse(slo.get());
            inputError.set("");
            recompute();
            return true;
        } catch (SloFormatException e) {
            inputError.set(e.getMessage());
            return false;
        }
    }

    /** Starts a comparison of the included runs; a newer one supersedes it. */
    public void recompute() {
        included.setAll(runs.stream().filter(r -> r.includedProperty().get()).toList());
        if (baseline.get() != null && !included.contains(baseline.get())) {
            baseline.set(null);
            return; // the listener recomputes
        }
        long gen = generation.incrementAndGet();
        if (included.isEmpty()) {
            comparison.set(null);
            busy.set(false);
            progress.set(-1);
            status.set(runs.isEmpty() ? "Open two or more results folders to compare."
                    : "Tick the runs to compare.");
            return;
        }
        List<Path> folders = included.stream().map(Choice::key).toList();
        Path base = baseline.get() == null ? null : baseline.get().key();
        Slo bounds = appliedSlo;
        LevelMetric lat = latency.get();
        Set<CellKey> excluded = new HashSet<>();
        cells.stream().filter(c -> !c.includedProperty().get()).forEach(c -> excluded.add(c.key()));
        busy.set(true);
        progress.set(0);
        status.set("Reading " + folders.size() + " results folder" + (folders.size() == 1 ? "" : "s") + "…");
        background.execute(() -> {
            try {
                List<ResultsRun> read = new ArrayList<>();
                for (int i = 0; i < folders.size(); i++) {
                    read.add(ResultsRun.read(folders.get(i)));
                    double done = (i + 1.0) / (folders.size() + 1);
                    ui.execute(() -> {
                        if (generation.get() == gen) {
                            progress.set(done);
                        }
                    });
                }
                Map<CellKey, String> all = new LinkedHashMap<>();
                for (ResultsRun run : read) {
                    Comparer.cells(run).forEach((key, rate) -> all.put(key, Formats.rate(rate) + " · cycle "
                            + key.cycle() + " · " + run.name()));
                }
                ui.execute(() -> updateCells(gen, all));
                Comparison cmp = Comparer.compare(read, base, bounds, lat, key -> !excluded.contains(key));
                ui.execute(() -> finished(gen, cmp, null));
            } catch (CompareInputException e) {
                ui.execute(() -> finished(gen, null, e.getMessage()));
            } catch (RuntimeException e) {
                ui.execute(() -> {
                    finished(gen, null, "Comparison failed: " + ErrorMessages.describe(e));
                    errors.report("Could not compare the results folders: " + ErrorMessages.describe(e)
                            + ". Check that they are complete results folders.", e);
                });
            }
        });
    }

    /** Keeps the tick of every cell still present, adds new cells ticked, drops cells of runs no longer read. */
    private void updateCells(long gen, Map<CellKey, String> all) {
        if (generation.get() != gen) {
            return;
        }
        List<Choice<CellKey>> next = new ArrayList<>();
        all.forEach((key, label) -> {
            Choice<CellKey> existing = cells.stream().filter(c -> c.key().equals(key)).findFirst().orElse(null);
            if (existing != null) {
                next.add(existing);
            } else {
                Choice<CellKey> c = new Choice<>(key, label);
                c.includedProperty().addListener((o, a, b) -> recompute());
                next.add(c);
            }
        });
        cells.setAll(next);
    }

    private void finished(long gen, Comparison cmp, String problem) {
        if (generation.get() != gen) {
            return;
        }
        busy.set(false);
        progress.set(-1);
        comparison.set(cmp);
        if (cmp == null) {
            status.set(problem);
            return;
        }
        long valid = cmp.levels().stream().filter(l -> l.valid()).count();
        int n = cmp.configurations().size();
        status.set(n + (n == 1 ? " configuration, " : " configurations, ") + cmp.levels().size() + " levels ("
                + valid + " valid); baseline " + cmp.baseline().label());
    }

    /** Writes the comparison's CSV (the rows of {@code joulebench compare --csv}) off the UI thread. */
    public void exportCsv(Path target) {
        export(target, cmp -> ComparisonCsv.write(cmp, target));
    }

    /** Writes the self-contained HTML report ({@code joulebench compare --html}) off the UI thread. */
    public void exportHtml(Path target) {
        export(target, cmp -> ComparisonReport.write(cmp, target, clock.wallTime()));
    }

    /** Writes a chart's snapshot as PNG off the UI thread. */
    public void saveImage(java.awt.image.BufferedImage image, Path target) {
        String name = Objects.toString(target.getFileName(), target.toString());
        background.execute(() -> {
            try {
                ChartImages.writePng(image, target);
                ui.execute(() -> status.set("Wrote " + name));
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> errors.report("Could not save " + target + ": " + ErrorMessages.describe(e)
                        + ". Check that the folder is writable.", e));
            }
        });
    }

    @FunctionalInterface
    interface Writer {
        void write(Comparison cmp) throws IOException;
    }

    private void export(Path target, Writer writer) {
        Comparison cmp = comparison.get();
        if (cmp == null) {
            return;
        }
        String name = Objects.toString(target.getFileName(), target.toString());
        status.set("Writing " + name + "…");
        background.execute(() -> {
            try {
                writer.write(cmp);
                ui.execute(() -> status.set("Wrote " + name));
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> {
                    status.set("Export failed");
                    errors.report("Export to " + target + " failed: " + ErrorMessages.describe(e)
                            + ". Check that the folder is writable and has space.", e);
                });
            }
        });
    }

    public ObservableList<Choice<Path>> runs() {
        return runs;
    }

    /** The cells of the ticked runs (known after their first reading); unticking one leaves it out. */
    public ObservableList<Choice<CellKey>> cells() {
        return cells;
    }

    /** The ticked runs: the baseline's choices. */
    public ObservableList<Choice<Path>> included() {
        return included;
    }

    /** The run whose first configuration is the baseline; null for the first ticked run. */
    public ObjectProperty<Choice<Path>> baselineProperty() {
        return baseline;
    }

    /** The SLO as typed ({@code ttft_p99_ms=500,tpot_p99_ms=50}); {@link #applySlo()} reads it. */
    public StringProperty sloProperty() {
        return slo;
    }

    public ObjectProperty<LevelMetric> latencyProperty() {
        return latency;
    }

    public ReadOnlyObjectProperty<Comparison> comparisonProperty() {
        return comparison;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** Why the SLO text was not applied; empty when it was. */
    public ReadOnlyStringProperty inputErrorProperty() {
        return inputError;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** Reading progress 0–1; -1 when idle. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }
}

package io.joulebench.app.run;

import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.DisplayNumber;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live table's rows: one per server cell of the plan, in plan order, and which row (and window) the run is in.
 * An event's level index is the plan's level of one of the running session's cells ({@link StudyPlan#cellAtLevel});
 * the tracker maps it to its row. Not thread-safe: the live feed calls it under its lock.
 */
final class LevelTracker {

    private final List<LiveLevel> levels = new ArrayList<>();
    private final Map<Integer, Integer> rowOfCell = new HashMap<>();
    /** Rows by the cell key events carry ({@link ManifestEntry#key}: config hash and cycle). */
    private final Map<String, Integer> rowOfKey = new HashMap<>();
    private StudyPlan plan;
    private List<ResolvedCell> sessionCells = List.of();
    private int current = -1;
    private int window;

    /** Forgets the previous run. */
    void clear() {
        levels.clear();
        rowOfCell.clear();
        rowOfKey.clear();
        plan = null;
        sessionCells = List.of();
        current = -1;
        window = 0;
    }

    /** One pending row per server cell of the plan. */
    void planned(StudyPlan studyPlan) {
        plan = studyPlan;
        levels.clear();
        rowOfCell.clear();
        rowOfKey.clear();
        for (ResolvedCell cell : studyPlan.cells()) {
            if (cell.isServer()) {
                var server = cell.experiment().server();
                rowOfCell.put(cell.index(), levels.size());
                rowOfKey.put(ManifestEntry.key(cell.configHash(), cell.cycle()), levels.size());
                LiveLevel level = new LiveLevel(levels.size(), cell.rate() == null ? Double.NaN : cell.rate(),
                        server.windowsPerLevel(), server.stabilityCvThreshold());
                level.ratesSessions = cell.ratesSessions();
                levels.add(level);
            }
        }
    }

    /**
     * The cells an earlier run credited (a resume skips them): their rows are done with the manifest's verdict
     * instead of pending, with their windows from the folder's windows.csv ({@code rows}). Call after
     * {@link #planned}; entries and rows are matched to cells by config hash and cycle.
     */
    void credited(List<ManifestEntry> entries, List<WindowRow> rows) {
        if (plan == null) {
            return;
        }
        Map<String, ManifestEntry> byKey = new HashMap<>();
        entries.stream().filter(ManifestEntry::credited).forEach(e -> byKey.put(e.key(), e));
        for (ResolvedCell cell : plan.cells()) {
            ManifestEntry e = byKey.get(ManifestEntry.key(cell.configHash(), cell.cycle()));
            LiveLevel level = e == null ? null : level(rowOfCell.get(cell.index()));
            if (level != null) {
                int windows = e.summary() != null ? e.summary().windows() : e.windowIds().size();
                boolean valid = e.status() == CellStatus.COMPLETED && (e.summary() == null || e.summary().valid());
                List<WindowRow> own = rows.stream().filter(r -> cell.configHash().equals(
                        r.text(WindowsCsvColumns.CONFIG_HASH)) && r.cycle() == cell.cycle()).toList();
                level.credited(windows, valid, e.reason(), own);
            }
        }
    }

    /** The cells of the session now running, whose plan levels the next events carry. */
    void session(List<ResolvedCell> cells) {
        sessionCells = List.copyOf(cells);
    }

    /** The run enters a level (its warmup or its traffic): it becomes the current row, no window yet. */
    int enter(int levelIndex) {
        current = rowFor(levelIndex);
        window = 0;
        return current;
    }

    /** An auto level's window length, chosen from its warmup (before its first window). */
    void windowLengthChosen(int levelIndex, io.joulebench.core.warmup.WindowChoice choice) {
        autoWindow(rowFor(levelIndex), choice.seconds());
    }

    /** The auto window length a row's level took from its warmup, as the table shows it. */
    void autoWindow(Integer row, double seconds) {
        LiveLevel level = level(row);
        if (level != null) {
            level.autoWindow = "auto " + io.joulebench.core.precision.PrecisionPlan.rateKey(seconds) + " s";
        }
    }

    /** The level's traffic starts with this window spec (a capacity-search level learns its rate here). */
    int levelStarted(int levelIndex, WindowSpec spec) {
        int row = enter(levelIndex);
        started(level(row), spec.windowsPerLevel(), spec.rate(), spec.cvThreshold());
        return row;
    }

    /**
     * The level of a row starts its traffic: it becomes the current row, no window yet; null figures are not said
     * (an event of an older file). A capacity-search level learns its rate here.
     */
    void levelStarted(int row, Integer windows, Double rate) {
        current = row;
        window = 0;
        LiveLevel level = level(row);
        if (level != null) {
            started(level, windows == null ? level.windowsTotal : windows, rate == null ? Double.NaN : rate,
                    level.cvThreshold);
        }
    }

    private static void started(LiveLevel level, int windows, double rate, double cvThreshold) {
        if (level == null) {
            return;
        }
        if (Double.isNaN(level.rate)) {
            level.rate = rate;
        }
        level.windowsTotal = windows;
        level.cvThreshold = cvThreshold;
    }

    /** The row of the cell an event names (its {@link ManifestEntry#key}); null when the plan has none such. */
    Integer rowOf(String cellKey) {
        return cellKey == null ? null : rowOfKey.get(cellKey);
    }

    /** The level of a row; null when there is none. */
    LiveLevel at(Integer row) {
        return level(row);
    }

    /** A window of a row closed (an own run's record, or a followed run's event): that row and window are current. */
    void windowClosed(int row, LiveLevel.Window closed) {
        LiveLevel level = level(row);
        if (level != null) {
            level.windowClosed(closed);
            current = row;
            window = DisplayNumber.of(closed.index());
        }
    }

    /** @return the row the window belongs to */
    int windowOpened(int levelIndex, int windowIndex) {
        current = rowFor(levelIndex);
        window = DisplayNumber.of(windowIndex);
        return current;
    }

    /** A provisional window: its row and it are the current ones; @return its row */
    int windowClosed(WindowRecord record) {
        int row = rowFor(record.levelIndex());
        windowClosed(row, LiveLevel.Window.of(record));
        return row;
    }

    void validated(LevelOutcome outcome) {
        LiveLevel level = level(rowFor(outcome.levelIndex()));
        if (level != null) {
            level.finalWindows(outcome.windows());
            level.decide(outcome.validation().valid(), outcome.validation().reason(), outcome.validation().cv());
        }
    }

    void aborted(AbortedLevel aborted) {
        LiveLevel level = level(rowFor(aborted.levelIndex()));
        if (level != null) {
            level.finalWindows(aborted.completedWindows());
            level.decide(false, aborted.reason(), null);
        }
    }

    /** The level's credited result: its final windows and verdict (an interrupted level is not credited). */
    void result(LevelResult result) {
        Integer row = rowOfCell.get(result.cell().index());
        LiveLevel level = level(row == null ? current : row);
        if (level != null) {
            level.finalWindows(result.windows());
            Double cv = result.outcome() == null ? null : result.outcome().validation().cv();
            String reason = result.interrupted() ? "interrupted: rerun on resume" : result.invalidReason() != null
                    ? result.invalidReason() : result.outcome() == null ? null : result.outcome().validation().reason();
            level.decide(!result.interrupted() && result.valid(), reason, cv);
        }
    }

    /** The current row, -1 before the first level. */
    int current() {
        return current;
    }

    /** The current window as people read it ({@link DisplayNumber}); 0 before the level's first window. */
    int window() {
        return window;
    }

    int count() {
        return levels.size();
    }

    /** The current row (the first before any level started); null when the plan has no server level. */
    LiveLevel currentLevel() {
        return level(Math.max(0, current));
    }

    List<LevelRow> rows() {
        List<LevelRow> rows = new ArrayList<>(levels.size());
        levels.forEach(l -> rows.add(l.row()));
        return rows;
    }

    /** Every window with an energy figure, level by level. */
    List<WindowPoint> points() {
        List<WindowPoint> points = new ArrayList<>();
        levels.forEach(l -> l.points(points));
        return points;
    }

    /** Whether every level of the plan has its verdict (the run has nothing left to measure). */
    boolean allDecided() {
        return !levels.isEmpty() && levels.stream().allMatch(l -> l.verdict != io.joulebench.app.live.Validity.PENDING);
    }

    /** Windows closed so far over all levels. */
    int windowsDone() {
        return levels.stream().mapToInt(LiveLevel::windowsDone).sum();
    }

    /** Windows the study's levels plan for (a credited level counts what it credited: it is done). */
    int windowsPlanned() {
        return levels.stream().mapToInt(LiveLevel::windowsPlanned).sum();
    }

    private int rowFor(int levelIndex) {
        ResolvedCell cell = plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex);
        Integer row = cell == null ? null : rowOfCell.get(cell.index());
        if (row != null) {
            return row;
        }
        return current >= 0 ? current : Math.max(0, levelIndex);
    }

    private LiveLevel level(Integer index) {
        return index != null && index >= 0 && index < levels.size() ? levels.get(index) : null;
    }
}

package io.joulebench.core.run;

import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RunEventText;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.SessionCounts;
import io.joulebench.core.warmup.WindowChoice;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Turns a run's listener calls into {@link RunEvent} records, each with the line {@link RunEventText} renders for
 * it: level i/N, the rate and an ETA ({@link StudyProgress}) are fields of the records. The CLI prints the lines
 * ({@code ProgressPrinter}), the events file keeps records and lines ({@link EventLog}) and {@code joulebench watch}
 * prints them back, so all three say the same. A trace level's fidelity line follows its result line.
 */
public final class ProgressLines implements StudyRunListener {

    /** Where the events go. {@code overwrite}: a window line a terminal may overwrite with the next one. */
    @FunctionalInterface
    public interface Sink {
        void event(RunEvent event, String line, boolean overwrite);
    }

    /** Why a window line's figures may still change, in its own words. */
    public static final String PROVISIONAL = RunEventText.PROVISIONAL;

    private final Sink sink;
    private final LongSupplier nanoTime;
    private final StudyProgress progress;
    private StudyPlan plan;
    private List<ResolvedCell> sessionCells = List.of();
    private Double rate;
    /** Whether {@link #rate} counts sessions per second (a {@code task.sessions} level). */
    private boolean sessionsRate;
    private int windowsPerLevel;

    public ProgressLines(Sink sink, int alreadyCredited, LongSupplier nanoTime) {
        this.sink = sink;
        this.nanoTime = nanoTime;
        this.progress = new StudyProgress(alreadyCredited);
    }

    @Override
    public synchronized void studyStarted(StudyPlan plan) {
        this.plan = plan;
        progress.studyStarted(plan, nanoTime.getAsLong());
        emit(new RunEvent.StudyStarted(plan.study().studyName(), progress.totalLevels(), plan.totalWindows(),
                plan.launches(), plan.estimate().totalSeconds(), progress.alreadyCredited()));
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        sessionCells = List.copyOf(cells);
        emit(new RunEvent.SessionStarted(sessionId, cells.get(0).experiment().engine(),
                cells.get(0).experiment().runner(), cells.size()));
    }

    @Override
    public synchronized void serverReady(String sessionId, String baseUrl) {
        emit(new RunEvent.ServerReady(sessionId, baseUrl));
    }

    @Override
    public synchronized void warmupStarted(int levelIndex, WarmupMode mode) {
        emit(new RunEvent.WarmupStarted(at(), cell(levelIndex), mode));
    }

    @Override
    public synchronized void windowLengthChosen(int levelIndex, WindowChoice c) {
        emit(new RunEvent.WindowLengthChosen(at(), cell(levelIndex), c.seconds(), c.predictedCv(), c.targetCv(),
                c.minSeconds(), c.maxSeconds(), c.data() == null ? null : c.data().completed(),
                c.data() == null ? null : c.data().outputTokens(), c.reason()));
    }

    @Override
    public synchronized void warmupFinished(WarmupResult result) {
        emit(new RunEvent.WarmupFinished(at(), cell(result.levelIndex()), result.mode(), result.converged(),
                result.timedOut(), result.elapsedSeconds()));
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        progress.levelStarted();
        windowsPerLevel = spec.windowsPerLevel();
        ResolvedCell cell = plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex);
        rate = cell != null && cell.rate() != null ? cell.rate() : spec.rate();
        sessionsRate = cell != null && cell.ratesSessions();
        emit(new RunEvent.LevelStarted(at(), key(cell), windowsPerLevel, spec.durationSeconds(),
                Double.isFinite(spec.rate()) ? spec.rate() : null));
    }

    /**
     * A window's figures at its close are provisional: requests still in flight then are attributed to it when the
     * level closes, so the line says so; {@link #levelResult} gives the final figures, those of windows.csv.
     */
    @Override
    public synchronized void windowClosed(WindowRecord r) {
        progress.windowClosed();
        SessionCounts sessions = r.metrics() == null ? null : r.metrics().sessions();
        RunEvent e = new RunEvent.WindowClosed(at(), cell(r.levelIndex()), r.windowIndex(), windowsPerLevel,
                r.tokens(), (r.spanEndNanos() - r.spanStartNanos()) / 1e9, r.jPerToken(), r.provisional(),
                sessions == null ? null : sessions.started(), sessions == null ? null : sessions.completed());
        sink.event(e, RunEventText.line(e), true);
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        progress.levelFinished(nanoTime.getAsLong());
        String reason = result.invalidReason() != null ? result.invalidReason()
                : result.outcome() == null ? null : result.outcome().validation().reason();
        List<WindowRecord> finals = result.windows().stream().filter(w -> !w.provisional())
                .sorted(Comparator.comparingInt(WindowRecord::windowIndex)).toList();
        LevelFigures figures = LevelFigures.ofRecords(result.windows());
        WindowChoice c = result.warmup() == null ? null : result.warmup().windowChoice();
        RunEvent.AutoWindow auto = c == null ? null : new RunEvent.AutoWindow(c.seconds(), c.predictedCv(),
                c.targetCv(), c.minSeconds(), c.maxSeconds(), c.data() == null ? null : c.data().completed(),
                c.data() == null ? null : c.data().outputTokens(), c.reason());
        ReplayFidelity fidelity = ReplayFidelity.ofWindows(result.windows());
        String cell = ManifestEntry.key(result.cell().configHash(), result.cell().cycle());
        emit(new RunEvent.LevelFinished(at(), cell,
                !result.interrupted() && result.valid(), result.interrupted(), reason,
                result.outcome() == null ? null : result.outcome().validation().cv(),
                finals.stream().map(WindowRecord::jPerToken).toList(),
                finals.stream().map(WindowRecord::tokens).toList(), result.windows().size(),
                finite(figures.ttftP99Ms()), finite(figures.requestRateReqS()), auto,
                fidelity.asked() ? fidelity : null));
        if (fidelity.asked()) {
            emit(new RunEvent.LevelFidelity(at(), cell, fidelity));
        }
        SessionCounts sessions = finals.stream().map(w -> w.metrics() == null ? null : w.metrics().sessions())
                .filter(java.util.Objects::nonNull).reduce(SessionCounts::plus).orElse(null);
        if (sessions != null) {
            // a session level's rate is sessions per second: say the request rate that resulted beside it
            emit(new RunEvent.LevelSessions(at(), cell, result.cell().rate(), sessions.started(),
                    sessions.completed(), finite(figures.requestRateReqS())));
        }
    }

    /** A probe's event after each probe (its bracket after it), the outcome's once the search ends. */
    @Override
    public synchronized void capacitySearchUpdated(SearchProgress p) {
        progress.searchUpdated(p.path().size(), p.finished(), nanoTime.getAsLong());
        Double high = Double.isInfinite(p.bracketHigh()) ? null : p.bracketHigh();
        if (p.result() == null) {
            var last = p.path().getLast();
            java.util.Map<String, Double> figures = new java.util.LinkedHashMap<>();
            last.figures().forEach((metric, value) -> {
                if (Double.isFinite(value)) {
                    figures.put(metric.column(), value);
                }
            });
            emit(new RunEvent.CapacityProbe(p.path().size(), last.rate(), last.meets(), last.errorFraction(),
                    last.violations(), p.bracketLow(), high, figures));
        } else {
            emit(new RunEvent.CapacitySearchFinished(p.result().outcome(), p.result().capacity(), p.path().size(),
                    p.bracketLow(), high));
        }
    }

    @Override
    public synchronized void sessionFinished(String sessionId, SessionBlock block) {
        emit(new RunEvent.SessionFinished(sessionId, block.windowCount()));
    }

    @Override
    public synchronized void studyFinished(boolean interrupted) {
        emit(new RunEvent.StudyFinished(interrupted ? RunEvent.Outcome.INTERRUPTED : RunEvent.Outcome.FINISHED,
                interrupted ? null : progress.elapsedSeconds(nanoTime.getAsLong())));
    }

    private RunEvent.At at() {
        return new RunEvent.At(progress.currentLevel(), progress.totalLevels(), rate,
                Math.round(progress.etaSeconds(nanoTime.getAsLong())), sessionsRate ? Boolean.TRUE : null);
    }

    private String cell(int levelIndex) {
        return key(plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex));
    }

    private static String key(ResolvedCell cell) {
        return cell == null ? null : ManifestEntry.key(cell.configHash(), cell.cycle());
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private void emit(RunEvent e) {
        sink.event(e, RunEventText.line(e), false);
    }

    public static String number(double d) {
        return RunEventText.number(d);
    }
}

package io.joulebench.core.run;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyPlanFormatter;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The one owner of a run's progress text: one line per event (session, warmup, window, level), each with level i/N,
 * the rate and an ETA ({@link StudyProgress}); a trace level's fidelity line follows its result line. The CLI prints the lines ({@code ProgressPrinter}), the events file
 * keeps them ({@link EventLog}) and {@code joulebench watch} prints them back, so all three say the same.
 */
public final class ProgressLines implements StudyRunListener {

    /** Where the lines go. {@code overwrite}: a window line a terminal may overwrite with the next one. */
    @FunctionalInterface
    public interface Sink {
        void line(String event, String text, boolean overwrite);
    }

    private final Sink sink;
    private final LongSupplier nanoTime;
    private final StudyProgress progress;
    private StudyPlan plan;
    private List<ResolvedCell> sessionCells = List.of();
    private String rate = "";
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
        int totalLevels = progress.totalLevels();
        int alreadyCredited = progress.alreadyCredited();
        line("study_started", String.format(Locale.ROOT,
                "study %s: %d level%s, %d windows, %d launch%s, estimated %s%s",
                plan.study().studyName(), totalLevels, totalLevels == 1 ? "" : "s", plan.totalWindows(),
                plan.launches(), plan.launches() == 1 ? "" : "es",
                StudyPlanFormatter.duration(plan.estimate().totalSeconds()),
                alreadyCredited > 0 ? " (" + alreadyCredited + " already credited)" : ""));
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        sessionCells = List.copyOf(cells);
        line("session_started", "session " + sessionId + ": launching " + cells.get(0).experiment().engine()
                + " (" + cells.get(0).experiment().runner() + ") for " + cells.size() + " level"
                + (cells.size() == 1 ? "" : "s"));
    }

    @Override
    public synchronized void serverReady(String sessionId, String baseUrl) {
        line("server_ready", "session " + sessionId + ": ready at " + baseUrl);
    }

    @Override
    public synchronized void warmupStarted(int levelIndex, String mode) {
        line("warmup_started", prefix() + "warmup (" + mode + ")");
    }

    @Override
    public synchronized void windowLengthChosen(int levelIndex, io.joulebench.core.warmup.WindowChoice c) {
        line("window_length_chosen", prefix() + String.format(Locale.ROOT,
                "window length %s s from the warmup (%d requests, %d output tokens; %s)",
                io.joulebench.core.precision.PrecisionPlan.rateKey(c.seconds()),
                c.data() == null ? 0 : c.data().completed(), c.data() == null ? 0 : c.data().outputTokens(), c.reason()));
    }

    @Override
    public synchronized void warmupFinished(WarmupResult result) {
        line("warmup_finished", prefix() + String.format(Locale.ROOT, "warmup %s after %.1fs%s",
                result.converged() ? "converged" : "not converged", result.elapsedSeconds(),
                result.timedOut() ? " (timed out)" : ""));
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        progress.levelStarted();
        windowsPerLevel = spec.windowsPerLevel();
        ResolvedCell cell = plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex);
        rate = (cell != null && cell.rate() != null ? number(cell.rate()) : number(spec.rate())) + " req/s";
        line("level_started", prefix() + "started, " + windowsPerLevel + " windows of "
                + number(spec.durationSeconds()) + " s");
    }

    /**
     * A window's figures at its close are provisional: requests still in flight then are attributed to it when the
     * level closes, so the line says so; {@link #levelResult} gives the final figures, those of windows.csv.
     */
    @Override
    public synchronized void windowClosed(WindowRecord record) {
        String text = prefix() + String.format(Locale.ROOT, "window %d/%d: %d tokens, %s J/token%s",
                record.windowIndex() + 1, windowsPerLevel, record.tokens(), jPerToken(record),
                record.provisional() ? " so far (" + PROVISIONAL + ")" : "");
        sink.line("window_closed", text, true);
    }

    /** Why a window line's figures may still change, in its own words. */
    public static final String PROVISIONAL = "provisional until the level closes";

    private static String jPerToken(WindowRecord w) {
        return w.jPerToken() == null ? "-" : String.format(Locale.ROOT, "%.4g", w.jPerToken());
    }

    /** The level's final windows as windows.csv has them: "; final 0.1063, 0.1078 J/token (14609, 14212 tokens)". */
    private static String finalFigures(List<WindowRecord> windows) {
        if (windows.isEmpty()) {
            return "";
        }
        return "; final " + windows.stream().map(ProgressLines::jPerToken)
                .collect(java.util.stream.Collectors.joining(", "))
                + " J/token (" + windows.stream().map(w -> Long.toString(w.tokens()))
                .collect(java.util.stream.Collectors.joining(", ")) + " tokens)";
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        progress.levelFinished(nanoTime.getAsLong());
        String verdict = result.interrupted() ? "interrupted" : result.valid() ? "valid"
                : "invalid: " + (result.invalidReason() != null ? result.invalidReason()
                : result.outcome() == null ? "no outcome" : result.outcome().validation().reason());
        // a reason is a sentence that may end in its own full stop; the window count follows it after a comma
        String said = verdict.endsWith(".") ? verdict.substring(0, verdict.length() - 1) : verdict;
        line("level_result", prefix() + said + ", " + result.windows().size() + " window"
                + (result.windows().size() == 1 ? "" : "s")
                + finalFigures(result.windows().stream().filter(w -> !w.provisional()).toList()));
        ReplayFidelity fidelity = ReplayFidelity.ofWindows(result.windows());
        if (fidelity.asked()) {
            line("level_fidelity", prefix() + fidelity.summary());
        }
    }

    /** A probe's line after each probe (its bracket after it), the outcome's once the search ends. */
    @Override
    public synchronized void capacitySearchUpdated(SearchProgress p) {
        progress.searchUpdated(p.path().size(), p.finished(), nanoTime.getAsLong());
        if (p.result() == null) {
            line("capacity_probe", "capacity search: " + CapacitySearch.probeLine(p.path().size(), p.path().getLast())
                    + String.format(Locale.ROOT, "; bracket %s–%s req/s", number(p.bracketLow()),
                    Double.isInfinite(p.bracketHigh()) ? "∞" : number(p.bracketHigh())));
        } else {
            line("capacity_search_finished", "capacity search: " + p.result().lines().getLast() + " after "
                    + p.path().size() + " probe" + (p.path().size() == 1 ? "" : "s"));
        }
    }

    @Override
    public synchronized void sessionFinished(String sessionId, SessionBlock block) {
        line("session_finished", "session " + sessionId + ": closed after " + block.windowCount() + " windows");
    }

    @Override
    public synchronized void studyFinished(boolean interrupted) {
        line("study_finished", interrupted ? "interrupted: what closed is credited; continue with 'joulebench resume'"
                : "study finished in " + StudyPlanFormatter.duration(progress.elapsedSeconds(nanoTime.getAsLong())));
    }

    private String prefix() {
        return String.format(Locale.ROOT, "level %d/%d at %s, ETA %s: ", progress.currentLevel(),
                progress.totalLevels(), rate,
                StudyPlanFormatter.duration(Math.round(progress.etaSeconds(nanoTime.getAsLong()))));
    }

    private void line(String event, String text) {
        sink.line(event, text, false);
    }

    public static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.3g", d);
    }
}

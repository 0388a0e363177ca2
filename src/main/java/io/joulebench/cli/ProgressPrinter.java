package io.joulebench.cli;

import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyPlanFormatter;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The run's progress on stderr: one line per event (session, warmup, window, level), each with level i/N, the rate
 * and an ETA. On a terminal the window lines overwrite each other instead of scrolling.
 */
final class ProgressPrinter implements StudyRunListener {

    private final PrintWriter err;
    private final boolean tty;
    private final int alreadyCredited;
    private final LongSupplier nanoTime;
    private long startNanos;
    private int totalLevels;
    private double estimateSeconds;
    private int levelsDone;
    private int levelsStarted;
    private double lastLevelDoneSeconds;
    private List<ResolvedCell> sessionCells = List.of();
    private String rate = "";
    private int windowsPerLevel;
    private boolean partialLine;

    ProgressPrinter(PrintWriter err, boolean tty, int alreadyCredited) {
        this(err, tty, alreadyCredited, System::nanoTime);
    }

    ProgressPrinter(PrintWriter err, boolean tty, int alreadyCredited, LongSupplier nanoTime) {
        this.err = err;
        this.tty = tty;
        this.alreadyCredited = alreadyCredited;
        this.nanoTime = nanoTime;
    }

    @Override
    public synchronized void studyStarted(StudyPlan plan) {
        startNanos = nanoTime.getAsLong();
        totalLevels = plan.cells().size();
        estimateSeconds = plan.estimate().totalSeconds();
        line(String.format(Locale.ROOT, "study %s: %d level%s, %d windows, %d launch%s, estimated %s%s",
                plan.study().studyName(), totalLevels, totalLevels == 1 ? "" : "s", plan.totalWindows(),
                plan.launches(), plan.launches() == 1 ? "" : "es",
                StudyPlanFormatter.duration(plan.estimate().totalSeconds()),
                alreadyCredited > 0 ? " (" + alreadyCredited + " already credited)" : ""));
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        sessionCells = List.copyOf(cells);
        line("session " + sessionId + ": launching " + cells.get(0).experiment().engine() + " ("
                + cells.get(0).experiment().runner() + ") for " + cells.size() + " level" + (cells.size() == 1 ? "" : "s"));
    }

    @Override
    public synchronized void serverReady(String sessionId, String baseUrl) {
        line("session " + sessionId + ": ready at " + baseUrl);
    }

    @Override
    public synchronized void warmupStarted(int levelIndex, String mode) {
        line(prefix() + "warmup (" + mode + ")");
    }

    @Override
    public synchronized void warmupFinished(WarmupResult result) {
        line(prefix() + String.format(Locale.ROOT, "warmup %s after %.1fs%s", result.converged() ? "converged"
                : "not converged", result.elapsedSeconds(), result.timedOut() ? " (timed out)" : ""));
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        levelsStarted++;
        windowsPerLevel = spec.windowsPerLevel();
        rate = levelIndex < sessionCells.size() && sessionCells.get(levelIndex).rate() != null
                ? number(sessionCells.get(levelIndex).rate()) + " req/s" : number(spec.rate()) + " req/s";
        line(prefix() + "started, " + windowsPerLevel + " windows of " + number(spec.durationSeconds()) + " s");
    }

    @Override
    public synchronized void windowClosed(WindowRecord record) {
        String text = prefix() + String.format(Locale.ROOT, "window %d/%d: %d tokens, %s J/token",
                record.windowIndex() + 1, windowsPerLevel, record.tokens(),
                record.jPerToken() == null ? "-" : String.format(Locale.ROOT, "%.4g", record.jPerToken()));
        if (tty) {
            err.print("\r\u001b[2K" + text);
            err.flush();
            partialLine = true;
        } else {
            line(text);
        }
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        levelsDone++;
        lastLevelDoneSeconds = elapsedSeconds();
        String verdict = result.interrupted() ? "interrupted" : result.valid() ? "valid"
                : "invalid: " + (result.invalidReason() != null ? result.invalidReason()
                : result.outcome() == null ? "no outcome" : result.outcome().validation().reason());
        line(prefix() + verdict + ", " + result.windows().size() + " window" + (result.windows().size() == 1 ? "" : "s"));
    }

    @Override
    public synchronized void sessionFinished(String sessionId, SessionBlock block) {
        line("session " + sessionId + ": closed after " + block.windowCount() + " windows");
    }

    @Override
    public synchronized void studyFinished(boolean interrupted) {
        line(interrupted ? "interrupted: what closed is credited; continue with 'joulebench resume'"
                : "study finished in " + StudyPlanFormatter.duration(elapsedSeconds()));
    }

    private String prefix() {
        int index = Math.min(alreadyCredited + levelsStarted, Math.max(totalLevels, 1));
        return String.format(Locale.ROOT, "level %d/%d at %s, ETA %s: ", index, totalLevels, rate, eta());
    }

    /**
     * Once a level has finished: the mean time per finished level times the levels left, less the time already spent
     * in the one under way, so the figure falls while a level runs instead of growing with it.
     */
    private String eta() {
        int remaining = Math.max(0, totalLevels - alreadyCredited - levelsDone);
        double seconds;
        if (levelsDone > 0) {
            double inCurrent = levelsStarted > levelsDone ? elapsedSeconds() - lastLevelDoneSeconds : 0;
            seconds = Math.max(0, lastLevelDoneSeconds / levelsDone * remaining - inCurrent);
        } else {
            double fraction = totalLevels == 0 ? 0 : (double) remaining / totalLevels;
            seconds = Math.max(0, estimateSeconds * fraction - elapsedSeconds());
        }
        return StudyPlanFormatter.duration(Math.round(seconds));
    }

    private double elapsedSeconds() {
        return (nanoTime.getAsLong() - startNanos) / 1e9;
    }

    private void line(String text) {
        if (partialLine) {
            err.println();
            partialLine = false;
        }
        err.println(text);
        err.flush();
    }

    static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.3g", d);
    }
}

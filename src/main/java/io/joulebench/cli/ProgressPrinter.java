package io.joulebench.cli;

import io.joulebench.core.run.ProgressLines;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The run's progress on stderr: the lines of {@link ProgressLines} (session, warmup, window, level, each with level
 * i/N, the rate and an ETA). On a terminal the window lines overwrite each other instead of scrolling.
 * {@code joulebench watch} prints the same lines back from the events file through {@link #print}.
 */
final class ProgressPrinter implements StudyRunListener {

    private final PrintWriter err;
    private final boolean tty;
    private final ProgressLines lines;
    private boolean partialLine;

    ProgressPrinter(PrintWriter err, boolean tty, int alreadyCredited) {
        this(err, tty, alreadyCredited, System::nanoTime);
    }

    ProgressPrinter(PrintWriter err, boolean tty, int alreadyCredited, LongSupplier nanoTime) {
        this.err = err;
        this.tty = tty;
        this.lines = new ProgressLines((event, text, overwrite) -> print(text, overwrite), alreadyCredited, nanoTime);
    }

    /** Prints one line; an {@code overwrite} line on a terminal is replaced by the next one. */
    synchronized void print(String text, boolean overwrite) {
        if (overwrite && tty) {
            err.print("\r\u001b[2K" + text);
            err.flush();
            partialLine = true;
            return;
        }
        if (partialLine) {
            err.println();
            partialLine = false;
        }
        err.println(text);
        err.flush();
    }

    @Override
    public void studyStarted(StudyPlan plan) {
        lines.studyStarted(plan);
    }

    @Override
    public void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        lines.sessionStarted(sessionId, cells);
    }

    @Override
    public void serverReady(String sessionId, String baseUrl) {
        lines.serverReady(sessionId, baseUrl);
    }

    @Override
    public void warmupStarted(int levelIndex, String mode) {
        lines.warmupStarted(levelIndex, mode);
    }

    @Override
    public void warmupFinished(WarmupResult result) {
        lines.warmupFinished(result);
    }

    @Override
    public void levelStarted(int levelIndex, WindowSpec spec) {
        lines.levelStarted(levelIndex, spec);
    }

    @Override
    public void windowClosed(WindowRecord record) {
        lines.windowClosed(record);
    }

    @Override
    public void levelResult(LevelResult result) {
        lines.levelResult(result);
    }

    @Override
    public void sessionFinished(String sessionId, SessionBlock block) {
        lines.sessionFinished(sessionId, block);
    }

    @Override
    public void studyFinished(boolean interrupted) {
        lines.studyFinished(interrupted);
    }

    static String number(double d) {
        return ProgressLines.number(d);
    }
}

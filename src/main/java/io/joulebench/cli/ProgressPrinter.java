package io.joulebench.cli;

import io.joulebench.core.run.ProgressLines;
import io.joulebench.core.session.ForwardingListener;
import io.joulebench.core.session.StudyRunListener;
import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The run's progress on stderr: the lines of {@link ProgressLines} (session, warmup, window, level, each with level
 * i/N, the rate and an ETA). On a terminal the window lines overwrite each other instead of scrolling.
 * {@code joulebench watch} prints the same lines back from the events file through {@link #print}.
 */
final class ProgressPrinter extends ForwardingListener {

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
    protected void forward(String event, Consumer<StudyRunListener> call) {
        call.accept(lines);
    }

    static String number(double d) {
        return ProgressLines.number(d);
    }
}

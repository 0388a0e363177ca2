package io.joulebench.cli;

import io.joulebench.core.results.ResumeRefusedException;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.server.Reaper;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyError;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyValidationException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Runs a study on its own thread so that SIGINT can interrupt it: the first SIGINT interrupts the run thread (the
 * session credits what closed, tears down and the run returns {@code interrupted}: exit 130); a second one exits at
 * once. SIGTERM ({@code kill PID}) takes the same path from a shutdown hook, which waits up to {@link #TERM_GRACE}
 * for the server to be torn down before the JVM exits (143), so no child process or container outlives the run.
 * Prints the summary and maps the outcome to an exit code.
 */
final class InterruptibleRun {

    private static final Logger LOG = LoggerFactory.getLogger(InterruptibleRun.class);
    /** How long SIGTERM waits for the run to credit what closed and stop its server. */
    static final Duration TERM_GRACE = Duration.ofSeconds(30);

    @FunctionalInterface
    interface Action {
        StudyRunResult run() throws IOException, StudyValidationException;
    }

    private InterruptibleRun() {
    }

    /** Reaps orphans of {@code host} once, then runs the action as above. */
    static int execute(HostEnvironment host, Action action, PrintWriter out, PrintWriter err) {
        Reaper.reapAtStartup(host)
                .forEach(r -> err.println("reaped an orphaned server left by a dead joulebench: " + r));
        AtomicReference<StudyRunResult> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                result.set(action.run());
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "joulebench-study");
        AtomicInteger sigints = new AtomicInteger();
        SignalHandler previous = install(() -> {
            if (sigints.incrementAndGet() == 1) {
                err.println("interrupt: stopping after crediting what closed (press Ctrl-C again to quit at once)");
                err.flush();
                runner.interrupt();
            } else {
                Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
            }
        });
        Thread onTerm = new Thread(() -> terminate(runner, err), "joulebench-sigterm");
        Runtime.getRuntime().addShutdownHook(onTerm);
        runner.start();
        try {
            runner.join();
        } catch (InterruptedException e) {
            runner.interrupt();
            joinQuietly(runner);
            Thread.currentThread().interrupt();
        } finally {
            restore(previous);
            removeHook(onTerm);
        }
        if (failure.get() != null) {
            return failed(failure.get(), err);
        }
        StudyRunResult r = result.get();
        SummaryTable.lines(r).forEach(out::println);
        out.flush();
        if (r.interrupted() || sigints.get() > 0) {
            return ExitCodes.INTERRUPTED;
        }
        if (r.aborted()) {
            err.println("joulebench: " + r.abortReason());
            err.flush();
            return ExitCodes.RUN_FAILED;
        }
        if (!r.measuredAnything()) {
            err.println("joulebench: nothing could be measured; see the reasons above and in "
                    + r.folder().resolve("manifest.json"));
            err.flush();
            return ExitCodes.RUN_FAILED;
        }
        return ExitCodes.OK;
    }

    /** The study in {@code file} (upstream CLI defaults), or null once its problems are printed on {@code err}. */
    static Study loadOrPrintErrors(Path file, PrintWriter err) {
        try {
            return StudyLoader.withUpstreamCliDefaults().load(file);
        } catch (StudyValidationException e) {
            printStudyErrors(e, file.toString(), err);
            return null;
        }
    }

    static int printStudyErrors(StudyValidationException e, String file, PrintWriter err) {
        for (StudyError error : e.errors()) {
            err.println(error.format());
        }
        err.println(e.errors().size() + " problem" + (e.errors().size() == 1 ? "" : "s") + " in " + file);
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    private static int failed(Throwable t, PrintWriter err) {
        if (t instanceof StudyValidationException e) {
            return printStudyErrors(e, "the study", err);
        }
        if (t instanceof ResumeRefusedException || t instanceof UserInputException) {
            err.println("joulebench: " + t.getMessage());
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        LOG.debug("study run failed", t);
        String message = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName()
                : t.getMessage();
        err.println("joulebench: " + (t instanceof IOException ? "results folder I/O failed: " : "") + message);
        err.flush();
        return ExitCodes.RUN_FAILED;
    }

    /**
     * The JVM is going down (SIGTERM, SIGHUP) while the study runs: interrupt it as SIGINT does and wait, bounded, for
     * the session to credit what closed and tear its server down. A shutdown after the run has ended does nothing.
     */
    static void terminate(Thread runner, PrintWriter err) {
        if (!runner.isAlive()) {
            return;
        }
        err.println("terminated: stopping the server and crediting what closed (at most " + TERM_GRACE.toSeconds()
                + " s)");
        err.flush();
        runner.interrupt();
        try {
            runner.join(TERM_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (runner.isAlive()) {
            err.println("joulebench: the run did not stop within " + TERM_GRACE.toSeconds()
                    + " s; run 'joulebench reap' to remove a server left behind");
            err.flush();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is running or has run
        }
    }

    private static SignalHandler install(Runnable onSigint) {
        try {
            return Signal.handle(new Signal("INT"), signal -> onSigint.run());
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            LOG.debug("cannot handle SIGINT here; Ctrl-C ends the process without crediting", e);
            return null;
        }
    }

    private static void restore(SignalHandler previous) {
        if (previous != null) {
            try {
                Signal.handle(new Signal("INT"), previous);
            } catch (IllegalArgumentException e) {
                LOG.debug("cannot restore the SIGINT handler", e);
            }
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

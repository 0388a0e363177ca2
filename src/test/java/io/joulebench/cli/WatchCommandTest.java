package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code watch} of a finished folder prints what {@code run} and each {@code resume} printed, both sessions, and
 * exits as the run ended (issue 35 item 4): 0 finished, 130 interrupted.
 */
class WatchCommandTest {

    @TempDir
    Path tmp;

    private final VirtualClock clock = VirtualClock.atSeconds(0);
    private final StringWriter printed = new StringWriter();

    /** One session as {@code run} or {@code resume} runs it: printed progress and the events file, one thread. */
    private void session(StudyPlan plan, ResultsFolder folder, Path dir, int credited, FakeSessionRunner sessions)
            throws Exception {
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            ProgressPrinter printer = new ProgressPrinter(new PrintWriter(printed, true), false, credited,
                    clock::nanoTime);
            try (EventLog log = new EventLog(dir, credited, clock)) {
                StudyRunner runner = new StudyRunner(sessions, clock);
                if (folder == null) {
                    runner.resume(dir, null, new TeeListener(printer, log));
                } else {
                    runner.continueIn(folder, plan, new TeeListener(printer, log));
                }
            } catch (Exception e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private Path interruptedRun() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", Studies.QUICK));
        ResultsFolder folder = ResultsFolder.createAt(tmp.resolve("run"), plan, clock);
        session(plan, folder, folder.dir(), 0, new FakeSessionRunner(0).interruptAfterLevels(1));
        return folder.dir();
    }

    private int watch(Path dir, StringWriter err) {
        CommandLine cl = JoulebenchCommand.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute("watch", dir.toString());
    }

    @Test
    void watch_of_a_resumed_run_prints_both_sessions_and_ends_as_the_run_did() throws Exception {
        Path dir = interruptedRun();
        session(null, null, dir, 1, new FakeSessionRunner(0));

        StringWriter err = new StringWriter();
        int code = watch(dir, err);

        assertThat(err.toString()).isEqualTo(printed.toString());
        assertThat(err.toString()).contains("interrupted: what closed is credited", "(1 already credited)");
        assertThat(err.toString().strip()).startsWith("study quick").contains("\nstudy finished in ");
        assertThat(code).isEqualTo(ExitCodes.OK);
    }

    @Test
    void watch_of_a_run_left_interrupted_exits_as_run_did() throws Exception {
        Path dir = interruptedRun();

        StringWriter err = new StringWriter();
        int code = watch(dir, err);

        assertThat(err.toString()).isEqualTo(printed.toString());
        assertThat(err.toString().strip()).endsWith("continue with 'joulebench resume'");
        assertThat(code).isEqualTo(ExitCodes.INTERRUPTED);
    }
}

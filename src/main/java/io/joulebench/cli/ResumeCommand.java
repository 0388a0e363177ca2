package io.joulebench.cli;

import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.RunProcess;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench resume RESULTS_DIR}: reruns only what the folder's manifest does not credit, into the same folder,
 * with the same progress, summary and exit codes as {@code run}. Refuses (exit 2) when the study changed.
 */
@Command(name = "resume", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Continue an interrupted study run in its results folder.")
public final class ResumeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "The results folder of the run.")
    Path resultsDir;

    @Option(names = "--study", paramLabel = "FILE",
            description = "The original study file, when the folder's copy had secrets masked and the original moved.")
    Path study;

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private final SessionRunnerProvider sessions;

    public ResumeCommand() {
        this(null);
    }

    /** @param sessions the session runners to use; null: the real ones over the command line's host */
    public ResumeCommand(SessionRunnerProvider sessions) {
        this.sessions = sessions;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(resultsDir.resolve(Manifest.FILE_NAME))) {
            throw new UserInputException(resultsDir + " is not a results folder: it has no " + Manifest.FILE_NAME);
        }
        final int credited;
        try {
            credited = (int) Manifest.read(resultsDir.resolve(Manifest.FILE_NAME)).entries().stream()
                    .filter(ManifestEntry::credited).count();
        } catch (IOException e) {
            throw new UserInputException(resultsDir.resolve(Manifest.FILE_NAME) + " cannot be read: " + e.getMessage());
        }
        ProgressPrinter progress = new ProgressPrinter(err, System.console() != null, credited);
        AtomicReference<EventLog> events = new AtomicReference<>();
        HostEnvironment host = JoulebenchCommand.host(spec);
        StudyExecutor executor = cluster.executor(sessions != null ? sessions : SessionRunnerProvider.fromSystem(host),
                resultsDir, resultsDir, ClusterOptions.printing(progress, events::get), host);
        Clock clock = host.clock();
        try {
            return InterruptibleRun.execute(host, () -> {
                try (RunProcess running = RunProcess.claim(resultsDir);
                     EventLog log = new EventLog(resultsDir, credited, clock)) {
                    events.set(log);
                    return new StudyRunner(executor, clock).resume(resultsDir, study, new TeeListener(progress, log));
                }
            }, spec.commandLine().getOut(), err);
        } finally {
            cluster.close(); // nothing of this run stays on a login node but its jobs
        }
    }
}

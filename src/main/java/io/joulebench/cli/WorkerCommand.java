package io.joulebench.cli;

import io.joulebench.core.executor.GpuAllocation;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.ResumeSource;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyValidationException;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench worker --results DIR --job-dir DIR} (internal: what a Slurm job runs): runs the session group
 * its {@code job.json} names, with the local launchers and meters, exactly as a local run would, into the job's own
 * results folder ({@code JOB_DIR/results}: manifest, windows.csv, bundles, events), which the coordinator merges.
 * It writes nothing else. Energy is scoped to the GPUs the scheduler allocated ({@link GpuAllocation}); each
 * window's result.json names the devices measured ({@code energy_devices}). Exit codes as {@code run}.
 */
@Command(name = "worker", hidden = true, mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Internal: run one session group of a study as a cluster job.")
public final class WorkerCommand implements Callable<Integer> {

    @Option(names = "--results", paramLabel = "DIR", required = true,
            description = "The run's results folder (study.yaml and resolved.json are read from it).")
    Path resultsDir;

    @Option(names = "--job-dir", paramLabel = "DIR", required = true,
            description = "The job's folder, with the coordinator's job.json.")
    Path jobDir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private final SessionRunnerProvider sessions;
    private final Map<String, String> environment;

    public WorkerCommand() {
        this(null, System.getenv());
    }

    /** @param sessions the session runners to use; null: the real ones over the command line's host */
    public WorkerCommand(SessionRunnerProvider sessions, Map<String, String> environment) {
        this.sessions = sessions;
        this.environment = Map.copyOf(environment);
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(jobDir.resolve(JobRecord.FILE_NAME))) {
            throw new UserInputException("--job-dir: " + jobDir + " has no " + JobRecord.FILE_NAME);
        }
        if (!Files.isRegularFile(resultsDir.resolve(Manifest.FILE_NAME))) {
            throw new UserInputException("--results: " + resultsDir + " is not a results folder");
        }
        Optional<GpuAllocation> gpus = GpuAllocation.fromEnvironment(environment);
        HostEnvironment host = JoulebenchCommand.host(spec);
        SessionRunnerProvider provider = sessions != null ? sessions : SessionRunnerProvider.fromSystem(host);
        SessionRunner runner = gpus.map(g -> provider.sessionRunner(g.devices())).orElseGet(provider::sessionRunner);
        ProgressPrinter progress = new ProgressPrinter(err, false, 0);
        return InterruptibleRun.execute(host, () -> run(runner, gpus, progress, host.clock()),
                spec.commandLine().getOut(), err);
    }

    private io.joulebench.core.run.StudyRunResult run(SessionRunner runner, Optional<GpuAllocation> gpus,
                                                       ProgressPrinter progress, Clock clock)
            throws IOException, StudyValidationException {
        JobRecord job = JobRecord.read(jobDir);
        StudyPlan plan = ResumeSource.plan(resultsDir, null);
        Path mine = job.resultsDir();
        // a requeued job (preemption, node failure) continues its own folder: nothing is credited twice
        ResultsFolder folder = Files.isRegularFile(mine.resolve(Manifest.FILE_NAME)) ? ResultsFolder.open(mine, plan, clock)
                : ResultsFolder.createAt(mine, plan, clock);
        AtomicReference<EventLog> events = new AtomicReference<>();
        try (EventLog log = new EventLog(mine, 0, clock)) {
            events.set(log);
            String scope = gpus.map(g -> "measuring GPUs " + g.devices() + " (" + g.source() + ")")
                    .orElse("no GPUs allocated by the scheduler: the study's own GPU selection applies");
            progress.print("worker for session group " + job.groupIndex() + ": " + scope, false);
            log.event(new io.joulebench.core.event.RunEvent.GpuAllocation(job.groupIndex(), scope));
            return new StudyRunner(runner, clock).continueIn(folder, plan,
                    cell -> job.cells().contains(JobRecord.key(cell)), new TeeListener(progress, log));
        }
    }
}

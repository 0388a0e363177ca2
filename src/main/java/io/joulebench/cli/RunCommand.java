package io.joulebench.cli;

import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.LocalExecutor;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.RunProcess;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.EndpointChecks;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyPlanFormatter;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.time.Clock;
import io.joulebench.engine.ReferenceServingShape;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench run STUDY [--out DIR] [--dry-run] [--executor local|slurm …]}: validates the study, then runs it
 * into a new results folder (here, or as one Slurm job per session group) with progress on stderr and in the folder's
 * events file, and a summary table on stdout. Exit 0 when the study ran to its end (even with invalid
 * levels), 1 when nothing could be measured, 2 for bad input, 130 on SIGINT.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run a study into a new results folder.")
public final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STUDY", description = "The study YAML file.")
    Path studyFile;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "Where the results folder is created (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--label", paramLabel = "TEXT",
            description = "A name for this run, kept in its manifest (resume keeps it) and shown by the workbench's"
                    + " Results and Compare; tells two runs of one study apart.")
    String label;

    @Option(names = "--dry-run", description = "Print the plan (cells, groups, launches, windows, wall time) and stop.")
    boolean dryRun;

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private final SessionRunnerProvider sessions;

    public RunCommand() {
        this(null);
    }

    /** @param sessions the session runners to use; null: the real ones over the command line's host */
    public RunCommand(SessionRunnerProvider sessions) {
        this.sessions = sessions;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Study study = InterruptibleRun.loadOrPrintErrors(studyFile, err);
        if (study == null) {
            return ExitCodes.BAD_INPUT;
        }
        StudyPlan plan = StudyPlan.of(study);
        if (dryRun) {
            StudyPlanFormatter.lines(plan).forEach(stdout::println);
            stdout.println("dry run: nothing was launched");
            stdout.flush();
            return ExitCodes.OK;
        }
        study.notes().stream().filter(n -> n.contains("SUBSTITUTED")).findFirst()
                .ifPresent(n -> err.println("warning: " + n));
        study.notes().forEach(n -> err.println("note: " + n));
        plan.warnings().forEach(w -> err.println("warning: " + w));
        PrecisionPlan.of(plan, ReferenceServingShape::forExperiment).warnings()
                .forEach(w -> err.println("warning: " + w));
        ProgressPrinter progress = new ProgressPrinter(err, System.console() != null, 0);
        AtomicReference<EventLog> events = new AtomicReference<>();
        HostEnvironment host = JoulebenchCommand.host(spec);
        StudyExecutor executor = cluster.executor(sessions != null ? sessions : SessionRunnerProvider.fromSystem(host),
                null, out, ClusterOptions.printing(progress, events::get), host);
        Clock clock = host.clock();
        // a local run reads the API keys here, and reaches the study's Prometheus from here: the series it measures
        // are said, and a query matching nothing is refused, before anything is launched (a cluster job reads and
        // asks from its own node)
        List<String> unsetKeys = executor instanceof LocalExecutor
                ? EndpointChecks.unsetKeyVariables(study, System::getenv) : List.of();
        unsetKeys.forEach(u -> err.println(studyFile + ": " + u));
        if (!unsetKeys.isEmpty() || executor instanceof LocalExecutor && !PrometheusScope.check(plan, err, err)) {
            err.flush();
            cluster.close();
            return ExitCodes.BAD_INPUT;
        }
        try {
            return InterruptibleRun.execute(host, () -> {
                ResultsFolder folder = ResultsFolder.create(out, plan, clock);
                if (label != null && !label.isBlank()) {
                    folder.label(label);
                }
                try (RunProcess running = RunProcess.claim(folder.dir());
                     EventLog log = new EventLog(folder.dir(), 0, clock)) {
                    events.set(log);
                    return new StudyRunner(executor, clock).continueIn(folder, plan, new TeeListener(progress, log));
                }
            }, stdout, err);
        } finally {
            cluster.close(); // nothing of this run stays on a login node but its jobs
        }
    }
}

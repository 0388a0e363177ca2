package io.joulebench.cli;

import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.study.EndpointChecks;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyPlanFormatter;
import io.joulebench.engine.ReferenceServingShape;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench validate STUDY}: checks a study file strictly and prints its plan (cells with hash, cycle and
 * rate, session groups, launches, windows, estimated wall time). Every problem goes to stderr, one per line as
 * {@code file:line:col: key.path: rule}, with exit code 2. A study measured by a Prometheus source runs its query
 * once and prints the series it matches ({@link PrometheusScope}).
 */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Check a study file and print what running it would do.")
public final class ValidateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "STUDY", description = "The study YAML file.")
    Path studyFile;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Study study = InterruptibleRun.loadOrPrintErrors(studyFile, err);
        if (study == null) {
            return ExitCodes.BAD_INPUT;
        }
        StudyPlan plan = StudyPlan.of(study);
        // a warning, not an error: the study may be validated here and run where the key is set (run refuses)
        EndpointChecks.unsetKeyVariables(study, System::getenv).forEach(u -> err.println("warning: " + studyFile + ": " + u));
        err.flush();
        StudyPlanFormatter.lines(plan).forEach(out::println);
        PrecisionPlan.of(plan, ReferenceServingShape::forExperiment).lines().forEach(out::println);
        if (!PrometheusScope.check(plan, out, err)) {
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        out.println(studyFile + ": valid");
        out.flush();
        return ExitCodes.OK;
    }
}

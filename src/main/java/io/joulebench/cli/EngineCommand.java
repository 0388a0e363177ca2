package io.joulebench.cli;

import io.joulebench.engine.EngineOptions;
import io.joulebench.engine.Faults;
import io.joulebench.engine.ReferenceEngine;
import io.joulebench.engine.RunningEngine;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import sun.misc.Signal;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code joulebench engine}: runs the reference engine (a SIMULATED GPU server) until SIGTERM or Ctrl-C. */
@Command(name = "engine", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {
            "Run the reference engine, a SIMULATED OpenAI-compatible server.",
            "Its batching, power and thermal model is simulated: nothing it reports is measured.",
            "Prints 'listening on URL' once it serves."
        })
public final class EngineCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(EngineCommand.class);

    @Spec
    CommandSpec spec;

    @Option(names = "--port", description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port = 8000;

    @Option(names = "--host", description = "Address to bind (default: ${DEFAULT-VALUE}); non-loopback needs --allow-remote.")
    String host = EngineOptions.DEFAULT_HOST;

    @Option(names = "--allow-remote", description = "Permit binding a non-loopback address.")
    boolean allowRemote;

    @Option(names = "--profile", description = "small, medium or large (default: ${DEFAULT-VALUE}).")
    String profile = "small";

    @Option(names = "--gpus", description = "Simulated GPUs, 1-8 (default: ${DEFAULT-VALUE}).")
    int gpus = 1;

    @Option(names = "--seed", description = "Seed of text, lengths, faults and GPU UUIDs (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--load-delay", paramLabel = "SECONDS", description = "/health answers 503 this long (default: ${DEFAULT-VALUE}).")
    double loadDelaySeconds;

    @Option(names = "--thermal-tau", paramLabel = "SECONDS", description = "Thermal time constant (default: ${DEFAULT-VALUE}).")
    double thermalTauSeconds = EngineOptions.DEFAULT_THERMAL_TIME_CONSTANT.toSeconds();

    @Option(names = "--counter-period-ms", description = "Energy counter update period (default: ${DEFAULT-VALUE}).")
    double counterPeriodMs = EngineOptions.DEFAULT_COUNTER_PERIOD.toMillis();

    @Option(names = "--no-thermal-drift", description = "Temperature sits at its steady state at once.")
    boolean noThermalDrift;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Override a profile parameter (repeatable), e.g. max_num_seqs=128.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--fault", paramLabel = "SPEC", description = {
        "Inject a fault (repeatable): never-ready, exit-after=SECONDS, stall=F, error=F, malformed-sse=F, drop=F,",
        "ignore-sigterm (only SIGKILL stops the process)."})
    List<String> faults = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        EngineOptions options = options();
        if (!EngineOptions.isLoopback(host)) {
            LOG.warn("binding the reference engine to non-loopback {}: anyone who reaches it can use it", host);
        }
        RunningEngine engine;
        try {
            engine = ReferenceEngine.start(options);
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        Thread hook = new Thread(engine::close, "joulebench-engine-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        if (options.faults().ignoreSigterm()) {
            ignoreSigterm(spec.commandLine().getErr());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("listening on " + engine.baseUrl());
        out.flush();
        engine.awaitTermination();
        if (engine.stoppedByFault()) {
            spec.commandLine().getErr().println("joulebench: engine stopped by the exit-after fault");
            return ExitCodes.RUN_FAILED;
        }
        return ExitCodes.OK;
    }

    /** The ignore-sigterm fault: SIGTERM only says so on stderr (the server log); SIGKILL still ends the process. */
    private static void ignoreSigterm(PrintWriter err) {
        try {
            Signal.handle(new Signal("TERM"), signal -> {
                err.println("joulebench engine: got SIGTERM, ignoring it (fault ignore-sigterm)");
                err.flush();
            });
            LOG.warn("injected fault: SIGTERM is ignored; only SIGKILL stops this engine");
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            throw new UserInputException("fault ignore-sigterm: this JVM does not let SIGTERM be handled ("
                    + e.getMessage() + ")");
        }
    }

    private EngineOptions options() {
        try {
            if (!Double.isFinite(loadDelaySeconds) || !Double.isFinite(thermalTauSeconds)
                    || !Double.isFinite(counterPeriodMs)) {
                throw new IllegalArgumentException("durations must be finite numbers");
            }
            return EngineOptions.builder()
                    .host(host).port(port).allowRemote(allowRemote).profile(profile).gpus(gpus).seed(seed)
                    .loadDelay(seconds(loadDelaySeconds))
                    .thermalTimeConstant(seconds(thermalTauSeconds))
                    .counterPeriod(seconds(counterPeriodMs / 1000))
                    .thermalDrift(!noThermalDrift)
                    .overrides(parseSets())
                    .faults(Faults.parse(faults))
                    .build();
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    private Map<String, Double> parseSets() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--set needs NAME=VALUE, got '" + s + "'");
            }
            try {
                out.put(s.substring(0, eq).trim(), Double.parseDouble(s.substring(eq + 1).trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--set " + s.substring(0, eq) + ": not a number");
            }
        }
        return out;
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}

package io.joulebench.cli;

import io.joulebench.engine.EngineFlags;
import io.joulebench.engine.EngineOptions;
import io.joulebench.engine.ReferenceEngine;
import io.joulebench.engine.RunningEngine;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    /** The engine's own flags, shared with the in-process factory (one declaration, one parser). */
    @Mixin
    EngineFlags flags = new EngineFlags();

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
            return flags.builder().host(host).port(port).allowRemote(allowRemote).build();
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
    }
}

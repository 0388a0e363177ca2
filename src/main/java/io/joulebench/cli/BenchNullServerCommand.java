package io.joulebench.cli;

import io.joulebench.core.bench.NullServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code joulebench bench null-server}: serves the cheapest OpenAI-compatible stream until killed. */
@Command(name = "null-server", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Serve a minimal OpenAI-compatible stream until killed.",
            "It listens on 127.0.0.1.",
            "POST /v1/completions answers one token chunk, a usage chunk and [DONE]; GET /health answers 200."})
public final class BenchNullServerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "TCP port on 127.0.0.1 (0 = any free port; default ${DEFAULT-VALUE}).")
    String port;

    @Override
    public Integer call() throws InterruptedException {
        int p = BenchOptions.wholeNumber("--port", port, 0, 65_535);
        NullServer server;
        try {
            server = NullServer.start(p);
        } catch (IOException e) {
            throw new UserInputException("--port " + p + ": cannot listen (" + e.getMessage() + ")");
        }
        try (server) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("listening on " + server.baseUrl());
            out.flush();
            server.awaitClose();
        }
        return ExitCodes.OK;
    }
}

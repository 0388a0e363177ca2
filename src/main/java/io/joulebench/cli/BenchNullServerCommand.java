package io.joulebench.cli;

import io.joulebench.core.bench.NullServer;
import io.joulebench.core.bench.TokenSchedule;
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
            "It listens on 127.0.0.1. POST /v1/completions answers one token chunk, a usage chunk and [DONE];",
            "GET /health answers 200.",
            "With --tokens N --itl-ms MS it streams N token chunks per request, MS apart (chunked SSE), each JSON",
            "carrying the server's System.nanoTime() at send as t_send_ns; GET /health then answers the schedule.",
            "On exit (SIGTERM, Ctrl-C) it prints its serving thread's CPU per token."})
public final class BenchNullServerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "TCP port on 127.0.0.1 (0 = any free port; default ${DEFAULT-VALUE}).")
    String port;

    @Option(names = "--tokens", paramLabel = "N",
            description = "Token chunks streamed per completion request (≥ 1; default: one token, answered at once).")
    String tokens;

    @Option(names = "--itl-ms", paramLabel = "MS",
            description = "Gap between two token chunks in ms (≥ 0; required with --tokens).")
    String itlMs;

    @Option(names = "--ttft-ms", paramLabel = "MS",
            description = "Time from the request's arrival to its first token chunk in ms (≥ 0; default: --itl-ms).")
    String ttftMs;

    @Override
    public Integer call() throws InterruptedException {
        int p = BenchOptions.wholeNumber("--port", port, 0, 65_535);
        TokenSchedule schedule = schedule(tokens, itlMs, ttftMs);
        NullServer server;
        try {
            server = NullServer.start(p, schedule);
        } catch (IOException e) {
            throw new UserInputException("--port " + p + ": cannot listen (" + e.getMessage() + ")");
        }
        PrintWriter out = spec.commandLine().getOut();
        Thread report = Thread.ofPlatform().unstarted(() -> {
            out.println(server.costLine());
            out.flush();
        });
        Runtime.getRuntime().addShutdownHook(report);
        try (server) {
            out.println(listeningLine(server.baseUrl()));
            if (schedule != null) {
                out.println(scheduleLine(schedule));
            }
            out.flush();
            server.awaitClose();
        }
        return ExitCodes.OK;
    }

    /** The line scripts read the URL from (.ci/run, bench/*.sh): exactly {@code listening on URL}, nothing after it. */
    static String listeningLine(Object baseUrl) {
        return "listening on " + baseUrl;
    }

    /** What the server streams, on a line of its own after the URL's. */
    static String scheduleLine(TokenSchedule schedule) {
        return "streaming " + schedule.tokens() + " tokens per response, ttft " + schedule.ttftNanos() / 1e6
                + " ms, itl " + schedule.itlNanos() / 1e6 + " ms";
    }

    /** The schedule of {@code --tokens}, {@code --itl-ms} and {@code --ttft-ms}; null (one token at once) when absent. */
    static TokenSchedule schedule(String tokens, String itlMs, String ttftMs) {
        if (tokens == null) {
            if (itlMs != null || ttftMs != null) {
                throw new UserInputException("--itl-ms and --ttft-ms need --tokens");
            }
            return null;
        }
        int n = BenchOptions.wholeNumber("--tokens", tokens, 1, 1_000_000);
        if (itlMs == null) {
            throw new UserInputException("--tokens needs --itl-ms");
        }
        double itl = BenchOptions.nonNegativeNumber("--itl-ms", itlMs);
        Double ttft = ttftMs == null ? null : BenchOptions.nonNegativeNumber("--ttft-ms", ttftMs);
        if (itl > 3_600_000 || ttft != null && ttft > 3_600_000) {
            throw new UserInputException("--itl-ms and --ttft-ms must be at most 3600000 (one hour)");
        }
        return TokenSchedule.ofMillis(n, itl, ttft);
    }
}

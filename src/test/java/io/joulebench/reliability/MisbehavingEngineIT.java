package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.server.DockerClients;
import io.joulebench.core.server.EmbeddedServer;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 "Bad input — engine responses", through the whole harness: a study on the in-process runner whose server
 * is a fake OpenAI engine that misbehaves in turn (bad JSON, missing fields, absurd usage, no [DONE], a stream that
 * never ends, an oversized chunk), run by the real StudyRunner, session, window manager, open-loop source and
 * streaming transport. Each behaviour sends its own number of tokens first, so its requests.csv rows can be told
 * apart: every broken stream (absurd usage and missing fields included) is an error or timeout row that names its
 * cause and keeps its partial tokens, the level is invalid by the request-failure rule, and the run finishes with
 * every file parseable.
 */
class MisbehavingEngineIT {

    /** Behaviour by arrival order at the server; {@code tokens} streamed before the behaviour shows. */
    enum Behaviour {
        OK(4), BAD_JSON(2), NO_DONE(3), OVERSIZED_CHUNK(5), ABSURD_USAGE(6), MISSING_FIELDS(7), NEVER_ENDS(40);

        final int tokens;

        Behaviour(int tokens) {
            this.tokens = tokens;
        }
    }

    @TempDir
    Path tmp;

    @Test
    void every_misbehaviour_is_bookkept_per_request_and_the_run_finishes() throws Exception {
        Path file = Files.writeString(tmp.resolve("bad-engine.yaml"), """
                study_name: bad-engine
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                task: {dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
                measurement: {energy_sampler: cpu-estimate, baseline: {enabled: false}}
                server:
                  traffic: {rate: 14, arrival: constant, ramp_exclusion_seconds: 0.2, window_seconds: 1}
                  warmup: {mode: fixed, duration_seconds: 0}
                  windows_per_level: 3
                study_execution: {experiment_timeout_seconds: 3}
                """);
        Study study = new StudyLoader().load(file);
        AtomicInteger served = new AtomicInteger();
        SessionEnvironment env = new SessionEnvironment(Clock.system(), spec -> new BadEngine(spec, served),
                DockerClients::fromEnvironment, null, tmp, tmp.resolve("state"), MeterSelector.Config.defaults(),
                SessionEnvironment.currentJvmCommand(), null);

        StudyRunResult result = new StudyRunner(new DefaultSessionRunner(env), Clock.system())
                .run(study, tmp.resolve("out"), StudyRunListener.NONE);

        ResultsChecks.assertConsistent(result.folder());
        ManifestEntry cell = Manifest.read(result.folder().resolve("manifest.json")).entries().getFirst();
        assertThat(cell.credited()).as(String.valueOf(cell.reason())).isTrue();
        assertThat(cell.reason()).as("six of seven behaviours fail their requests").contains("request failures: ");
        List<Map<String, String>> rows = requestRows(result.folder());
        for (Behaviour b : Behaviour.values()) {
            List<Map<String, String>> mine = rows.stream().filter(r -> b == byTokens(r)).toList();
            assertThat(mine).as(b + " rows").isNotEmpty();
            for (Map<String, String> r : mine) {
                String error = r.get("error");
                switch (b) {
                    case OK -> {
                        assertThat(r.get("status")).isEqualTo("ok");
                        assertThat(r.get("server_completion_tokens")).isEqualTo("4");
                        assertThat(error).isEmpty();
                    }
                    case BAD_JSON -> assertError(r, "bad JSON in stream chunk", b);
                    case NO_DONE -> assertError(r, "stream ended before [DONE]", b);
                    case OVERSIZED_CHUNK -> assertError(r, "exceeds 1048576 bytes", b);
                    case ABSURD_USAGE -> assertError(r, "absurd usage: usage.prompt_tokens = -5", b);
                    case MISSING_FIELDS -> assertError(r, "stream chunk has no choices", b);
                    case NEVER_ENDS -> {
                        assertThat(r.get("status")).as(b.name()).isIn("error", "timeout");
                        assertThat(error).as(b + " says why").isNotBlank();
                    }
                }
            }
        }
        assertThat(served.get()).isGreaterThan(30);
    }

    /** An error row that names its cause and kept the tokens streamed before it ({@code b.tokens}). */
    private static void assertError(Map<String, String> row, String cause, Behaviour b) {
        assertThat(row.get("status")).as(b.name()).isEqualTo("error");
        assertThat(row.get("error")).as(b + " error text").contains(cause).endsWith("after " + b.tokens + " tokens");
        assertThat(row.get("client_output_tokens")).as(b + " partial tokens").isEqualTo(Integer.toString(b.tokens));
        assertThat(row.get("server_completion_tokens")).as(b + ": untrusted usage left empty").isEmpty();
    }

    /** Which behaviour a row came from: the number of tokens it received (NEVER_ENDS: many more). */
    private static Behaviour byTokens(Map<String, String> row) {
        int tokens = Integer.parseInt(row.get("client_output_tokens"));
        if (tokens >= 10) {
            return Behaviour.NEVER_ENDS;
        }
        return Stream.of(Behaviour.values()).filter(b -> b.tokens == tokens).findFirst().orElse(null);
    }

    private static List<Map<String, String>> requestRows(Path folder) throws IOException {
        List<Map<String, String>> out = new ArrayList<>();
        try (Stream<Path> bundles = Files.list(folder)) {
            for (Path b : bundles.filter(ResultsChecks::isBundle).toList()) {
                List<List<String>> rows;
                try (Reader r = Files.newBufferedReader(b.resolve("requests.csv"))) {
                    rows = new CsvReader(r).readAll();
                }
                List<String> header = rows.getFirst();
                for (List<String> row : rows.subList(1, rows.size())) {
                    Map<String, String> m = new java.util.HashMap<>();
                    for (int i = 0; i < header.size(); i++) {
                        m.put(header.get(i), row.get(i));
                    }
                    out.add(m);
                }
            }
        }
        return out;
    }

    /** The misbehaving engine: /health 200, /v1/completions streams by turn. */
    static final class BadEngine implements EmbeddedServer {
        private final HttpServer server;
        private final AtomicInteger served;
        private volatile boolean open = true;

        BadEngine(LaunchSpec spec, AtomicInteger served) throws IOException {
            this.served = served;
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), spec.port()), 64);
            server.createContext("/health", ex -> send(ex, "{\"status\":\"ok\"}"));
            server.createContext("/v1/completions", this::complete);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.start();
        }

        private static void send(HttpExchange ex, String body) throws IOException {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(b);
            }
        }

        private void complete(HttpExchange ex) throws IOException {
            ex.getRequestBody().readAllBytes();
            Behaviour b = Behaviour.values()[served.getAndIncrement() % Behaviour.values().length];
            ex.getResponseHeaders().set("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            try (OutputStream o = ex.getResponseBody()) {
                for (int i = 0; i < (b == Behaviour.NEVER_ENDS ? Integer.MAX_VALUE : b.tokens); i++) {
                    line(o, "{\"choices\":[{\"index\":0,\"text\":\"t" + i + "\"}]}");
                    if (b == Behaviour.NEVER_ENDS) {
                        sleep(20);
                    }
                }
                switch (b) {
                    case OK -> usage(o, "{\"prompt_tokens\":8,\"completion_tokens\":4}");
                    case BAD_JSON -> line(o, "{\"choices\":[{\"index\":0,\"text\":");
                    case NO_DONE -> {
                        o.flush();
                        return; // the body ends without [DONE]
                    }
                    case OVERSIZED_CHUNK -> line(o, "{\"choices\":[{\"index\":0,\"text\":\""
                            + "x".repeat(2 << 20) + "\"}]}");
                    case ABSURD_USAGE -> usage(o, "{\"prompt_tokens\":-5,\"completion_tokens\":1000000000000000}");
                    case MISSING_FIELDS -> {
                        line(o, "{\"id\":\"cmpl-1\"}");
                        line(o, "{\"choices\":[{\"index\":0}]}");
                        line(o, "[DONE]");
                    }
                    case NEVER_ENDS -> { }
                }
            } catch (IOException e) {
                // the client gave up (never-ending stream cancelled, oversized line refused): expected
            }
        }

        private static void usage(OutputStream o, String usage) throws IOException {
            line(o, "{\"choices\":[],\"usage\":" + usage + "}");
            line(o, "[DONE]");
        }

        private static void line(OutputStream o, String data) throws IOException {
            o.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            o.flush();
        }

        private static void sleep(long ms) throws IOException {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("stopped");
            }
        }

        @Override
        public URI baseUrl() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        }

        @Override
        public boolean isAlive() {
            return open;
        }

        @Override
        public void close() {
            open = false;
            server.stop(0);
        }
    }
}

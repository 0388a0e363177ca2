package io.joulebench.engine;

import static io.joulebench.engine.EngineClient.events;
import static io.joulebench.engine.EngineClient.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Throws a few hundred bad requests at a live engine: every one gets a 4xx OpenAI-style error, and it keeps serving. */
class EngineFuzzTest {

    private static final String[] BAD_FIELDS = {
        "\"prompt\":5", "\"prompt\":null", "\"prompt\":{}", "\"prompt\":[]", "\"prompt\":[1,\"a\"]",
        "\"prompt\":[[1]]", "\"prompt\":[\"a\",\"b\"]", "\"prompt\":[-1]", "\"prompt\":true",
    };
    private static final String[] BAD_MAX_TOKENS = {
        "0", "-1", "1.5", "\"8\"", "1e20", "99999999999", "true", "[]", "{}", "-0.0", "100000",
    };
    private static final String[] BAD_OTHER = {
        "\"stream\":\"yes\"", "\"stream\":1", "\"stream_options\":5", "\"stream_options\":{\"include_usage\":\"y\"}",
        "\"model\":7", "\"n\":2", "\"n\":\"1\"",
    };
    private static final String[] BAD_MESSAGES = {
        "[]", "{}", "\"hi\"", "[1]", "[{}]", "[{\"role\":1,\"content\":\"x\"}]",
        "[{\"role\":\"user\",\"content\":5}]", "[{\"role\":\"user\",\"content\":[{\"type\":\"text\"}]}]",
        "[{\"role\":\"user\",\"content\":[7]}]", "null",
    };
    private static final String[] PATHS = {
        "/", "/v1", "/v1/", "/v1/completion", "/v1/completions/", "/V1/completions", "/v2/completions",
        "/v1/chat", "/v1/chat/completions/x", "/metrics/", "/health/", "/healthz", "/v1/models/x",
        "/%00", "/..%2F..%2Fetc%2Fpasswd", "/v1/embeddings", "/docs", "/" + "a".repeat(3000),
    };
    private static final String[] METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"};

    private static RunningEngine engine;
    private static EngineClient client;

    @BeforeAll
    static void start() {
        engine = ReferenceEngine.start(EngineOptions.builder().override("decode_base_s", 0.0002)
                .override("prefill_s_per_token", 0).build());
        client = new EngineClient(engine.baseUrl());
    }

    @AfterAll
    static void stop() {
        client.close();
        engine.close();
    }

    @Test
    void hundreds_of_bad_requests_get_4xx_errors_and_the_server_keeps_serving() throws Exception {
        SplittableRandom random = new SplittableRandom(2024);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            BadRequest bad = badRequest(random);
            HttpResponse<String> r = client.send(bad.method, bad.path, bad.body);
            boolean ok = r.statusCode() >= 400 && r.statusCode() < 500
                    && json(r.body()).at("/error/type").asText().equals("invalid_request_error")
                    && !json(r.body()).at("/error/message").asText().isEmpty();
            if (!ok) {
                failures.add(r.statusCode() + " for " + bad + ": " + r.body());
            }
        }
        assertThat(failures).isEmpty();
        HttpResponse<String> valid = client.post("/v1/completions",
                "{\"prompt\":\"still alive?\",\"max_tokens\":3,\"stream\":true}");
        assertThat(valid.statusCode()).isEqualTo(200);
        assertThat(events(valid.body())).hasSize(4).last().isEqualTo("[DONE]");
    }

    @Test
    void raw_garbage_on_the_socket_does_not_stop_the_server() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 30; i++) {
            try (Socket socket = new Socket(engine.baseUrl().getHost(), engine.port())) {
                socket.setSoTimeout(2000);
                OutputStream out = socket.getOutputStream();
                byte[] junk = new byte[random.nextInt(1, 400)];
                random.nextBytes(junk);
                out.write(i % 2 == 0 ? junk
                        : ("POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"pro")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                socket.shutdownOutput();
                socket.getInputStream().readAllBytes();
            } catch (java.io.IOException ignored) {
                // the server may cut a garbage connection; all that matters is that it keeps serving
            }
        }
        assertThat(client.get("/health").statusCode()).isEqualTo(200);
        assertThat(client.post("/v1/completions", "{\"prompt\":\"x\",\"max_tokens\":2}").statusCode())
                .isEqualTo(200);
    }

    private record BadRequest(String method, String path, byte[] body) {
        @Override
        public String toString() {
            String text = body == null ? "<none>" : new String(body, StandardCharsets.UTF_8);
            return method + " " + path + " " + (text.length() > 120 ? text.substring(0, 120) + "…" : text);
        }
    }

    private static BadRequest badRequest(SplittableRandom random) {
        String route = random.nextBoolean() ? "/v1/completions" : "/v1/chat/completions";
        boolean chat = route.contains("chat");
        String good = chat ? "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]" : "\"prompt\":\"hi\"";
        return switch (random.nextInt(9)) {
            case 0 -> new BadRequest("POST", route, randomBytes(random));
            case 1 -> new BadRequest("POST", route, utf8(printable(random)));
            case 2 -> {
                String valid = "{" + good + ",\"max_tokens\":4,\"stream\":true}";
                yield new BadRequest("POST", route, utf8(valid.substring(0, random.nextInt(valid.length() - 1))));
            }
            case 3 -> new BadRequest("POST", route, utf8(chat
                    ? "{\"messages\":" + pick(random, BAD_MESSAGES) + "}"
                    : "{" + pick(random, BAD_FIELDS) + ",\"max_tokens\":4}"));
            case 4 -> new BadRequest("POST", route, utf8("{" + good + ",\"max_tokens\":" + pick(random, BAD_MAX_TOKENS)
                    + (chat && random.nextBoolean() ? ",\"max_completion_tokens\":0" : "") + "}"));
            case 5 -> new BadRequest("POST", route, utf8("{" + good + "," + pick(random, BAD_OTHER) + "}"));
            case 6 -> new BadRequest("POST", route, utf8(pick(random, new String[] {
                "[]", "\"x\"", "1", "null", "true", "", "{}", "{\"max_tokens\":3}"})));
            case 7 -> new BadRequest(pick(random, METHODS), pick(random, PATHS),
                    random.nextBoolean() ? null : randomBytes(random));
            default -> {
                String path = pick(random, new String[] {"/health", "/metrics", "/v1/models", route});
                String method = path.startsWith("/v1/c")
                        ? pick(random, new String[] {"GET", "PUT", "DELETE", "PATCH"})
                        : pick(random, new String[] {"POST", "PUT", "DELETE", "PATCH"});
                yield new BadRequest(method, path, random.nextBoolean() ? null : randomBytes(random));
            }
        };
    }

    private static String pick(SplittableRandom random, String[] options) {
        return options[random.nextInt(options.length)];
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(0, 300)];
        random.nextBytes(bytes);
        return bytes;
    }

    private static String printable(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(0, 200);
        for (int i = 0; i < n; i++) {
            b.append((char) random.nextInt(0x20, 0x7f));
        }
        return b.toString();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}

package io.joulebench.engine;

import static io.joulebench.engine.EngineClient.events;
import static io.joulebench.engine.EngineClient.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EngineFaultsTest {

    private static final String STREAM = "{\"prompt\":\"hello\",\"max_tokens\":10,\"stream\":true}";

    private RunningEngine engine;
    private EngineClient client;

    private void start(Faults faults, EngineOptions.Builder builder) {
        engine = ReferenceEngine.start(builder.faults(faults).override("decode_base_s", 0.0005)
                .override("prefill_s_per_token", 0).build());
        client = new EngineClient(engine.baseUrl());
    }

    private void start(Faults faults) {
        start(faults, EngineOptions.builder());
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    @Test
    void error_fault_answers_500_with_a_server_error_body() throws Exception {
        start(Faults.parse(List.of("error=1")));
        HttpResponse<String> r = client.post("/v1/completions", STREAM);
        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(json(r.body()).at("/error/type").asText()).isEqualTo("server_error");
        assertThat(client.get("/health").statusCode()).isEqualTo(200);
    }

    @Test
    void drop_fault_cuts_the_stream_midway_without_done() throws Exception {
        start(Faults.parse(List.of("drop=1")));
        String body;
        try {
            body = client.post("/v1/completions", STREAM).body();
        } catch (IOException cut) {
            body = "";
        }
        assertThat(events(body)).doesNotContain("[DONE]").hasSizeLessThanOrEqualTo(5);
        assertThat(client.get("/health").statusCode()).isEqualTo(200);
    }

    @Test
    void malformed_sse_fault_inserts_one_unparsable_event_and_still_finishes() throws Exception {
        start(Faults.parse(List.of("malformed-sse=1")));
        List<String> events = events(client.post("/v1/completions", STREAM).body());
        assertThat(events.getLast()).isEqualTo("[DONE]");
        List<String> broken = new ArrayList<>();
        int tokens = 0;
        for (String e : events.subList(0, events.size() - 1)) {
            try {
                assertThat(json(e).at("/choices/0/text").asText()).isNotEmpty();
                tokens++;
            } catch (RuntimeException parseError) {
                broken.add(e);
            }
        }
        assertThat(broken).hasSize(1);
        assertThat(tokens).isEqualTo(10);
        assertThat(events.indexOf(broken.get(0))).isEqualTo(5);
    }

    @Test
    void stall_fault_stops_sending_midway_until_the_engine_closes() throws Exception {
        start(Faults.parse(List.of("stall=1")));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(engine.baseUrl().resolve("/v1/completions"))
                .POST(HttpRequest.BodyPublishers.ofString(STREAM)).build();
        InputStream in = http.send(request, HttpResponse.BodyHandlers.ofInputStream()).body();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        List<String> before = new ArrayList<>();
        while (before.size() < 5) {
            String line = reader.readLine();
            if (line != null && line.startsWith("data: ")) {
                before.add(line);
            }
        }
        engine.close();
        List<String> after = new ArrayList<>();
        try {
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.startsWith("data: ")) {
                    after.add(line);
                }
            }
        } catch (IOException cut) {
            // the connection was cut: that is the expected end
        }
        assertThat(after).isEmpty();
        http.close();
    }

    @Test
    void never_ready_fault_keeps_health_at_503() throws Exception {
        VirtualClock clock = new VirtualClock(0);
        start(Faults.parse(List.of("never-ready")), EngineOptions.builder().clock(clock));
        clock.advance(Duration.ofHours(1));
        assertThat(client.get("/health").statusCode()).isEqualTo(503);
        assertThat(json(client.get("/health").body()).at("/error/message").asText()).contains("loading");
    }

    @Test
    void exit_after_fault_stops_serving() throws Exception {
        start(Faults.parse(List.of("exit-after=30")), EngineOptions.builder().clock(new VirtualClock(0)));
        assertThat(engine.awaitTermination(Duration.ofSeconds(10))).isTrue();
        assertThat(engine.stoppedByFault()).isTrue();
        assertThatThrownBy(() -> client.get("/health")).isInstanceOf(IOException.class);
    }
}

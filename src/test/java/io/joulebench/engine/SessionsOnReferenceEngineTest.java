package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.session.ConversationScript;
import io.joulebench.core.session.PromptShapes;
import io.joulebench.core.study.SessionsConfig;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.SessionSource;
import io.joulebench.core.traffic.StreamingTransport;
import io.joulebench.core.traffic.Transport;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 32, acceptance 3, on the wire: conversations against the reference engine over HTTP with the default client,
 * which keeps no text for plain requests. Each later turn carries the engine's actual previous reply verbatim, leaves
 * only after that reply ended, and the engine counts a longer prompt turn by turn.
 */
class SessionsOnReferenceEngineTest {

    private RunningEngine engine;

    @AfterEach
    void stop() {
        if (engine != null) {
            engine.close();
        }
    }

    @Test
    void each_turn_carries_the_previous_reply_verbatim_and_its_prompt_grows() throws Exception {
        engine = ReferenceEngine.start(EngineOptions.builder().override("decode_base_s", 0.0005)
                .override("decode_per_seq_s", 0).override("prefill_s_per_token", 0).build());
        Map<Integer, List<Object>> sent = new ConcurrentHashMap<>();
        IssuerReport report;
        try (StreamingTransport http = HttpClientKind.defaultFor(engine.baseUrl()).builder().baseUrl(engine.baseUrl())
                .endpoint(OpenAiEndpoint.CHAT).readTimeout(Duration.ofSeconds(30)).clock(Clock.system())
                .keepText(false).build()) {
            Transport recording = request -> {
                sent.put(request.index(), List.copyOf((List<?>) request.payload().get("messages")));
                return http.send(request);
            };
            PromptShapes prompts = new PromptShapes(null, List.of("Tell me about energy.", "And tokens?",
                    "Why does the prompt grow?", "Summarise."), 12, OpenAiEndpoint.CHAT);
            report = SessionSource.builder().starts(0.01, 0.05, 0.09, 0.13)
                    .script(new ConversationScript(SessionsConfig.fixed(4, 0.02), prompts, 42)).clock(Clock.system())
                    .build().run(recording, Duration.ofSeconds(60));
        }

        assertThat(report.records()).hasSize(16).allSatisfy(r ->
                assertThat(r.status()).as("request %d: %s", r.index(), r.error()).isEqualTo(RequestStatus.OK));
        Map<Integer, List<RequestRecord>> sessions = report.records().stream()
                .collect(Collectors.groupingBy(r -> r.workload().session().sessionId()));
        assertThat(sessions).hasSize(4);
        sessions.values().forEach(turns -> {
            turns.sort(Comparator.comparingInt(r -> r.workload().session().turn()));
            for (int k = 1; k < turns.size(); k++) {
                RequestRecord before = turns.get(k - 1);
                RequestRecord next = turns.get(k);
                assertThat(next.dispatchedAtNanos()).as("turn %d leaves after turn %d ended", k + 1, k)
                        .isGreaterThanOrEqualTo(before.completedAtNanos());
                CompletionResult reply = before.result();
                assertThat(reply.text()).as("the engine's reply, kept for the conversation").isNotBlank();
                assertThat(sent.get(next.index())).as("turn %d's messages", k + 1)
                        .contains((Object) Map.of("role", "assistant", "content", reply.text()));
                assertThat(next.result().serverPromptTokens()).as("the engine's prompt tokens grow turn by turn")
                        .isGreaterThan(before.result().serverPromptTokens() + reply.serverCompletionTokens() - 1);
            }
        });
        assertThat(report.turnLateness().count()).isEqualTo(12);
    }
}

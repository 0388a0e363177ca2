package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Repeats the nio client against a server that closes each connection after its 3rd request, many times in one JVM,
 * to surface the pooled-connection hand-off race (a request that never reached the selector ended in a read
 * timeout). A stress harness, not a unit test: {@code -Dtest=NioConnectionCapStress -Dsurefire.excludedGroups=}.
 */
@Tag("bench")
class NioConnectionCapStress {

    private static final RequestShape SHAPE = new RequestShape(0, Map.of("model", "m", "prompt", "Hi", "max_tokens", 3));

    @Test
    void cap_three_many_times() throws Exception {
        int rounds = Integer.getInteger("rounds", 200);
        for (int round = 0; round < rounds; round++) {
            try (WireServer server = new WireServer(new WireServer.Habits(false, 3, 0, true), List.of(
                    "data: {\"choices\":[{\"text\":\"a\",\"index\":0,\"finish_reason\":\"length\"}]}", "data: [DONE]"));
                 StreamingTransport transport = HttpClientKind.NIO.builder().baseUrl(server.baseUrl())
                         .readTimeout(Duration.ofSeconds(2)).build()) {
                for (int i = 0; i < 10; i++) {
                    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (server.ended() < i / 3 && System.nanoTime() < deadline) {
                        Thread.sleep(0, 1000);
                    }
                    CompletionResult r = transport.send(SHAPE);
                    assertThat(r.tokenCount()).as("round %d request %d", round, i).isEqualTo(1);
                }
            }
        }
    }
}

package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.joulebench.core.time.VirtualClock;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadinessCheckerTest {

    private final VirtualClock clock = VirtualClock.atSeconds(100);
    private final ReadinessChecker checker = new ReadinessChecker(clock);
    private final ReadinessProbe probe = ReadinessProbe.forPreset(EnginePreset.VLLM, "m")
            .withBody(Map.of("model", "m", "prompt", "first shape", "max_tokens", 4));
    private FakeOpenAiServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static ServerHandle handle(URI base, BooleanSupplier alive, AtomicInteger askedChars) {
        return new ServerHandle() {
            @Override public URI baseUrl() { return base; }
            @Override public int port() { return base.getPort(); }
            @Override public String describe() { return "test server"; }
            @Override public String logTail(int chars) {
                askedChars.set(chars);
                String log = "x".repeat(5000) + "END";
                return log.substring(log.length() - chars);
            }
            @Override public boolean isAlive() { return alive.getAsBoolean(); }
        };
    }

    private static ReadinessChecker.DeathReport death() {
        return h -> new ServerLaunchException("server " + h.describe() + " exited during startup",
                h.logTail(ReadinessChecker.LOG_TAIL_CHARS));
    }

    @Test
    void health_503s_are_waited_out_then_the_real_probe_body_is_posted() throws Exception {
        server = new FakeOpenAiServer(0, 3, 200);
        checker.await(handle(server.baseUrl(), () -> true, new AtomicInteger()), probe, Duration.ofSeconds(30), death());

        assertThat(server.healthRequests.get()).isEqualTo(4);
        assertThat(server.completionRequests.get()).isEqualTo(1);
        assertThat(server.lastCompletionBody).contains("\"prompt\":\"first shape\"");
        assertThat(clock.nanoTime() - 100_000_000_000L).isEqualTo(Duration.ofMillis(1500).toNanos());
    }

    @Test
    void a_health_only_server_times_out_in_the_probe_phase_with_last_status_and_log_tail() {
        server = new FakeOpenAiServer(0, 0, 404);
        AtomicInteger asked = new AtomicInteger();

        ServerReadinessException e = catchThrowableOfType(ServerReadinessException.class, () -> checker.await(
                handle(server.baseUrl(), () -> true, asked), probe, Duration.ofSeconds(3), death()));

        assertThat(e.lastStatus()).isEqualTo(404);
        assertThat(e.getMessage()).contains("probe phase").contains("HTTP 404 from /v1/completions").contains("not here");
        assertThat(asked.get()).isEqualTo(2000);
        assertThat(e.logTail()).hasSize(2000).endsWith("END");
        assertThat(server.completionRequests.get()).isEqualTo(7); // t = 0, 0.5, ..., 3.0 s: one shared deadline
    }

    @Test
    void nothing_listening_times_out_with_no_status_at_the_deadline() {
        int port = FreePort.pick();
        ServerReadinessException e = catchThrowableOfType(ServerReadinessException.class, () -> checker.await(
                handle(URI.create("http://127.0.0.1:" + port), () -> true, new AtomicInteger()), probe,
                Duration.ofSeconds(2), death()));

        assertThat(e.lastStatus()).isEqualTo(-1);
        assertThat(e.getMessage()).contains("health phase").contains("no answer from /health");
        assertThat(clock.nanoTime() - 100_000_000_000L).isEqualTo(Duration.ofSeconds(2).toNanos());
    }

    @Test
    void a_dead_server_fails_at_once_with_a_launch_exception_not_at_the_deadline() {
        server = FakeOpenAiServer.healthy();
        ServerLaunchException e = catchThrowableOfType(ServerLaunchException.class, () -> checker.await(
                handle(server.baseUrl(), () -> false, new AtomicInteger()), probe, Duration.ofSeconds(600), death()));

        assertThat(e.getMessage()).contains("exited during startup");
        assertThat(e.logTail()).endsWith("END");
        assertThat(server.healthRequests.get()).isZero();
        assertThat(clock.nanoTime()).isEqualTo(100_000_000_000L);
    }

    @Test
    void a_server_dying_between_polls_is_caught_by_the_next_liveness_check() {
        server = new FakeOpenAiServer(0, 1_000, 200);
        AtomicInteger polls = new AtomicInteger();
        ServerLaunchException e = catchThrowableOfType(ServerLaunchException.class, () -> checker.await(
                handle(server.baseUrl(), () -> polls.incrementAndGet() <= 3, new AtomicInteger()), probe,
                Duration.ofSeconds(600), death()));

        assertThat(e).isNotNull();
        assertThat(server.healthRequests.get()).isEqualTo(3);
    }
}

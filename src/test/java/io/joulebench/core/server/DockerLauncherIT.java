package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Docker launcher against a real daemon (DOCKER_HOST) and the real llama.cpp image built by
 * packaging/engines/llama-cpp/build-image.sh. Skipped only when no daemon is reachable; CI always provides one.
 */
class DockerLauncherIT extends LauncherContract {

    static final String IMAGE = LlamaImage.NAME;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static DockerClient docker;

    @TempDir
    Path temp;

    private String sessionId;
    private DockerServerLauncher launcher;

    @BeforeAll
    static void daemon() {
        docker = LlamaImage.requireDaemonWithImage();
    }

    @AfterAll
    static void close() throws IOException {
        if (docker != null) {
            docker.close();
        }
    }

    @BeforeEach
    void session() {
        sessionId = "it-" + UUID.randomUUID();
        launcher = new DockerServerLauncher(docker, HostEnvironment.system().dockerHost());
    }

    @Override
    protected ServerLauncher launcher() {
        return launcher;
    }

    @Override
    protected LaunchSpec spec() {
        return LaunchSpec.builder(EnginePreset.LLAMACPP).studyId("docker-it").sessionId(sessionId)
                .extraServeArgs(List.of("-t", "2")).logDir(temp.resolve("logs")).build();
    }

    @Override
    protected void assertNothingLeft(ServerHandle handle) {
        assertThat(ours()).as("containers of session %s (docker ps -a)", sessionId).isEmpty();
    }

    private List<Container> ours() {
        return docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(ServerLabels.SESSION_ID, sessionId)).exec();
    }

    @Test
    void streams_real_tokens_through_launch_readiness_and_shutdown() throws Exception {
        Path cache = temp.resolve("hf-cache");
        java.nio.file.Files.createDirectories(cache);
        LaunchSpec spec = spec().toBuilder().env("HF_TOKEN", "hf_dummy_secret").modelCacheDir(cache)
                .shmSizeBytes(256L << 20).build();
        ServerHandle handle = launchTracked(launcher, spec);
        launcher.awaitReady(handle, probe(), readyTimeout());

        Container c = ours().getFirst();
        assertThat(c.getLabels()).containsEntry(ServerLabels.STUDY_ID, "docker-it")
                .containsEntry(ServerLabels.PARENT_PID, Long.toString(ProcessHandle.current().pid()));
        var inspect = docker.inspectContainerCmd(c.getId()).exec();
        assertThat(inspect.getHostConfig().getNetworkMode()).isEqualTo("host");
        assertThat(inspect.getHostConfig().getAutoRemove()).isNotEqualTo(Boolean.TRUE);
        assertThat(inspect.getHostConfig().getShmSize()).isEqualTo(256L << 20);
        assertThat(inspect.getConfig().getEnv()).contains("HF_TOKEN=hf_dummy_secret", "HF_HOME=/root/.cache/huggingface");

        List<JsonNode> chunks = stream(handle, 24, null);
        List<String> tokens = chunks.stream().filter(n -> n.path("choices").size() > 0)
                .map(n -> n.path("choices").get(0).path("text").asText()).filter(t -> !t.isEmpty()).toList();
        JsonNode usage = chunks.stream().filter(n -> n.has("usage") && !n.get("usage").isNull()).findFirst()
                .orElseThrow().get("usage");
        assertThat(usage.get("completion_tokens").asInt()).isEqualTo(24);
        assertThat(tokens).hasSizeBetween(20, 24); // one chunk per token; a byte-piece token may stream empty

        launcher.shutdown(handle, GRACE);
        assertNothingLeft(handle);
        assertThat(temp.resolve("logs")).isDirectoryContaining(p -> p.toString().endsWith(".log"));
    }

    @Test
    void a_bad_model_path_is_reported_with_logs_and_leaves_no_container() throws Exception {
        ServerHandle handle = launchTracked(launcher, spec().toBuilder().model("/models/missing.gguf").build());

        ServerLaunchException e = catchThrowableOfType(ServerLaunchException.class,
                () -> launcher.awaitReady(handle, probe(), readyTimeout()));

        assertThat(e.getMessage()).contains("exited during startup").contains("exit code");
        assertThat(e.logTail()).contains("missing.gguf");
        assertNothingLeft(handle); // removed by the launcher itself, before any shutdown
    }

    @Test
    void a_health_path_that_never_answers_times_out_and_shutdown_leaves_no_container() throws Exception {
        ServerHandle handle = launchTracked(launcher, spec());

        ServerReadinessException e = catchThrowableOfType(ServerReadinessException.class,
                () -> launcher.awaitReady(handle, probe().withHealthPath("/never"), Duration.ofSeconds(3)));

        assertThat(e.lastStatus()).isEqualTo(404);
        assertThat(e.logTail()).contains("llama");
        launcher.shutdown(handle, GRACE);
        assertNothingLeft(handle);
    }

    @Test
    void a_container_that_cannot_start_is_force_removed() {
        LaunchSpec spec = spec().toBuilder().entrypoint(List.of("/no/such/entrypoint")).build();

        ServerLaunchException e = catchThrowableOfType(ServerLaunchException.class, () -> launcher.launch(spec));

        assertThat(e.getMessage()).contains("could not start container").contains(IMAGE);
        assertThat(ours()).isEmpty();
    }

    @Test
    void a_container_killed_mid_request_is_seen_dead_keeps_its_logs_and_leaves_none() throws Exception {
        ServerHandle handle = launchTracked(launcher, spec());
        launcher.awaitReady(handle, probe(), readyTimeout());
        CountDownLatch firstToken = new CountDownLatch(1);

        CompletableFuture<List<JsonNode>> request = CompletableFuture.supplyAsync(() -> {
            try {
                return stream(handle, 1900, firstToken);
            } catch (IOException | InterruptedException ex) {
                return List.of();
            }
        });
        assertThat(firstToken.await(30, TimeUnit.SECONDS)).isTrue();
        docker.killContainerCmd(ours().getFirst().getId()).exec();

        List<JsonNode> received = request.get(30, TimeUnit.SECONDS);
        assertThat(received.stream().anyMatch(n -> n.has("usage") && !n.get("usage").isNull()))
                .as("the request must not have completed").isFalse();
        assertThat(handle.isAlive()).isFalse();
        assertThat(handle.logTail(2000)).contains("llama"); // no auto-remove: crash logs survive until shutdown
        launcher.shutdown(handle, GRACE);
        assertNothingLeft(handle);
    }

    @Test
    void the_reaper_removes_containers_of_dead_parents_only() throws Exception {
        DockerServerLauncher orphanMaker = new DockerServerLauncher(docker, HostEnvironment.system().dockerHost(),
                ProcessLauncherIT.deadProcess());
        ServerHandle orphan = launchTracked(orphanMaker, spec());
        ServerHandle live = launchTracked(launcher, spec());
        List<String> names = ours().stream().map(c -> c.getNames()[0].substring(1)).toList();
        assertThat(names).hasSize(2);

        List<String> dry = new Reaper(docker, new PidFiles(temp.resolve("run"))).reap(true).stream()
                .map(Reaper.Reaped::id).toList();
        assertThat(ours()).hasSize(2);
        List<String> reaped = new Reaper(docker, new PidFiles(temp.resolve("run"))).reap(false).stream()
                .map(Reaper.Reaped::id).toList();

        assertThat(dry).isEqualTo(reaped);
        assertThat(ours()).singleElement().satisfies(c -> assertThat(reaped).doesNotContain(c.getNames()[0].substring(1)));
        assertThat(reaped).containsAnyElementsOf(names);
        assertThat(orphan.isAlive()).isFalse();
        assertThat(live.isAlive()).isTrue();
    }

    /** POSTs a streamed completion and returns the parsed SSE chunks up to [DONE] or until the stream breaks. */
    private static List<JsonNode> stream(ServerHandle handle, int maxTokens, CountDownLatch firstToken)
            throws IOException, InterruptedException {
        String body = JSON.writeValueAsString(Map.of("prompt", "the energy of a token", "max_tokens", maxTokens,
                "stream", true, "stream_options", Map.of("include_usage", true), "ignore_eos", true,
                "temperature", 0));
        HttpResponse<Stream<String>> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(handle.baseUrl() + "/v1/completions"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(), HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        List<JsonNode> chunks = new ArrayList<>();
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (!line.startsWith("data: ")) {
                    continue;
                }
                String data = line.substring(6).strip();
                if (data.equals("[DONE]")) {
                    break;
                }
                chunks.add(JSON.readTree(data));
                if (firstToken != null) {
                    firstToken.countDown();
                }
            }
        } catch (RuntimeException broken) {
            // the server went away mid-stream: return what arrived
        }
        return chunks;
    }
}

package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.server.LlamaImage;
import io.joulebench.core.server.ServerLabels;
import io.joulebench.testing.JoulebenchChild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Docker cells of the interruption rows of the fault matrix ({@link InterruptMatrixIT} has the others): llama.cpp
 * in a container, two levels, through the real CLI in a child JVM. SIGINT during the warmup, a window and the drain of
 * the second level; kill -9 of the CLI during a level, then {@code joulebench reap} (which removes the orphaned
 * container: its parent pid is dead) and {@code resume}. After each: no container of the study in {@code docker ps -a}.
 * Skipped only when no Docker daemon answers; a missing image fails.
 */
class DockerInterruptMatrixIT {

    private static final String IMAGE = LlamaImage.NAME;
    private static DockerClient docker;

    /**
     * One slot serving 96-token answers at 9 req/s is more than the tiny model's ~600 tokens/s, so a backlog builds in
     * the second level and it drains for seconds. The warmup is long enough for a fresh container's first answers.
     */
    private static final String STUDY = """
            study_name: docker-interrupt
            serving_mode: server
            engine: llamacpp
            runners: {llamacpp: "container:%s"}
            task: {model: /models/tiny.gguf, dataset: {source: builtin, n_prompts: 20}, max_input_tokens: 64,
                   max_output_tokens: %s}
            measurement: {energy_sampler: cpu-estimate, baseline: {enabled: false}}
            llamacpp: {extra_args: ["-t", "2"]}
            server:
              traffic: {arrival: poisson, seed: 5, ramp_exclusion_seconds: 0.5, window_seconds: 1}
              warmup: {mode: fixed, duration_seconds: 3}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: sequential, experiment_gap_seconds: 0, cycle_gap_seconds: 0,
                              experiment_timeout_seconds: 30}
            sweep:
              server.traffic.rate: [6, 9]
            """;

    @TempDir
    Path tmp;

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

    @ParameterizedTest(name = "docker: SIGINT during {0}")
    @CsvSource({"the warmup, warmup (fixed)", "a window, window 1/3", "the drain, window 3/3"})
    void sigint_exits_130_removes_the_container_keeps_the_credited_level_and_resume_finishes(String when,
            String progress) throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted(IMAGE, 96));
        try (JoulebenchChild run = JoulebenchChild.start(tmp.resolve("home"),
                List.of("run", study.toString(), "--out", tmp.resolve("out").toString()))) {
            assertThat(run.awaitLine(l -> l.startsWith("level 2/2") && l.contains(progress), Duration.ofSeconds(90)))
                    .as(run.output()).isTrue();
            run.signal("INT");
            assertThat(run.waitFor(Duration.ofSeconds(60))).as(run.output()).isEqualTo(130);
        }
        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        assertThat(containersOf(folder)).as("containers of the study after SIGINT").isEmpty();
        InterruptMatrixIT.assertCutAndResume(tmp, folder, 130, progress.startsWith("window"));
        assertThat(containersOf(folder)).as("containers of the study after resume").isEmpty();
    }

    @Test
    void kill_9_during_a_level_leaves_a_container_that_reap_removes_and_resume_completes() throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted(IMAGE, 32));
        List<String> sessions;
        try (JoulebenchChild run = JoulebenchChild.start(tmp.resolve("home"),
                List.of("run", study.toString(), "--out", tmp.resolve("out").toString()))) {
            assertThat(run.awaitLine(l -> l.startsWith("level 1/2") && l.contains("window 1/3"),
                    Duration.ofSeconds(90))).as(run.output()).isTrue();
            run.signal("KILL");
            run.waitFor(Duration.ofSeconds(30));
            sessions = run.sessionIds();
        }
        assertThat(sessions).hasSize(1);
        List<Container> orphans = containers(ServerLabels.SESSION_ID, sessions.getFirst());
        assertThat(orphans).as("the container outlives a SIGKILLed joulebench").hasSize(1);
        String name = orphans.getFirst().getNames()[0].substring(1);

        try (JoulebenchChild reap = JoulebenchChild.start(tmp.resolve("home"), List.of("reap"))) {
            assertThat(reap.waitFor(Duration.ofSeconds(60))).as(reap.output()).isZero();
            assertThat(reap.output()).contains("removed container " + name);
        }
        assertThat(containers(ServerLabels.SESSION_ID, sessions.getFirst())).as("docker ps -a after reap").isEmpty();

        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries().getFirst().status())
                .isEqualTo(CellStatus.RUNNING);
        InterruptMatrixIT.resumeToTheEnd(tmp, folder);
        assertThat(containersOf(folder)).as("containers of the study after resume").isEmpty();
    }

    private static List<Container> containersOf(Path folder) throws IOException {
        String designHash = new ObjectMapper().readTree(folder.resolve("resolved.json").toFile())
                .path("design_hash").asText();
        return containers(ServerLabels.STUDY_ID, designHash);
    }

    private static List<Container> containers(String label, String value) {
        return docker.listContainersCmd().withShowAll(true).withLabelFilter(Map.of(label, value)).exec();
    }
}

package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.server.LlamaImage;
import io.joulebench.core.server.ServerLabels;
import io.joulebench.testing.JoulebenchChild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 fault matrix, the Docker launcher with the local llama.cpp image, through the real CLI in a child JVM:
 * an image that does not exist, a server that never becomes ready, and a container killed mid-window. Each is
 * recorded in the manifest with its reason, every file parses, and no container of the session or study is left
 * ({@code docker ps -a} by our labels). Skipped only when no Docker daemon answers; a missing image fails.
 */
class DockerFaultMatrixIT {

    private static final String IMAGE = LlamaImage.NAME;
    private static DockerClient docker;

    private static final String STUDY = """
            study_name: docker-fault
            serving_mode: server
            engine: llamacpp
            runners: {llamacpp: "container:%s"}
            task: {model: /models/tiny.gguf, dataset: {source: builtin, n_prompts: 20}, max_input_tokens: 64,
                   max_output_tokens: 16}
            measurement: {energy_sampler: cpu-estimate, baseline: {enabled: false}}
            llamacpp: {extra_args: [%s]}
            server:
              traffic: {rate: 2, seed: 5, ramp_exclusion_seconds: 1, window_seconds: 2}
              warmup: {mode: fixed, duration_seconds: 1}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: sequential, experiment_gap_seconds: 0, cycle_gap_seconds: 0,
                              experiment_timeout_seconds: %s}
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

    @Test
    void an_image_that_does_not_exist_fails_the_cell_and_creates_no_container() throws Exception {
        Run r = run(STUDY.formatted("joulebench/no-such-image:missing", "\"-t\", \"2\"", "30"), null);

        assertThat(r.exit).isEqualTo(1);
        assertThat(r.cell.status()).isEqualTo(CellStatus.FAILED);
        assertThat(r.cell.failureType()).isEqualTo("ServerLaunchException");
        assertThat(r.cell.reason()).contains("joulebench/no-such-image:missing");
        assertThat(r.rows).isZero();
    }

    @Test
    void a_server_that_never_answers_on_its_address_times_out_and_its_container_is_removed() throws Exception {
        // a later --host wins in llama-server: it serves on 127.0.0.2, so 127.0.0.1:{port} never answers
        Run r = run(STUDY.formatted(IMAGE, "\"-t\", \"2\", \"--host\", \"127.0.0.2\"", "5"), null);

        assertThat(r.exit).isEqualTo(1);
        assertThat(r.cell.status()).isEqualTo(CellStatus.FAILED);
        assertThat(r.cell.failureType()).isEqualTo("ServerReadinessException");
        assertThat(r.cell.reason()).contains("not ready after 5 s");
        assertThat(r.rows).isZero();
        assertThat(r.sessions).as("a container was started").isNotEmpty();
    }

    @Test
    void a_container_killed_mid_window_fails_the_level_as_a_server_exit_keeps_its_log_and_is_removed()
            throws Exception {
        Run r = run(STUDY.formatted(IMAGE, "\"-t\", \"2\"", "60"), "window 1/3");

        assertThat(r.cell.status()).isEqualTo(CellStatus.FAILED);
        assertThat(r.cell.failureType()).isEqualTo("LevelAborted");
        assertThat(r.cell.reason()).as("the reason names the exit, not the meter error it caused")
                .startsWith("server exited during level 1 (exit code 137)");
        assertThat(r.rows).as("the closed window is kept").isBetween(1, 2);
        assertThat(r.table.rows()).allSatisfy(row -> {
            assertThat(row.levelValid()).contains(false);
            assertThat(row.invalidReason()).isEqualTo(r.cell.reason());
        });
        assertThat(r.exit).as("a window was measured").isZero();
        Path log = r.folder.resolve("logs").resolve(r.sessions.getFirst() + ".log");
        assertThat(log).as("the container's log outlives its removal").isRegularFile();
        assertThat(Files.readString(log)).contains("llama");
    }

    record Run(int exit, ManifestEntry cell, int rows, List<String> sessions, Path folder, WindowsCsvTable table) {
    }

    /** Runs the study; when {@code killAt} is given, kills the session's container at that progress line. */
    private Run run(String yaml, String killAt) throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), yaml);
        int exit;
        List<String> sessions;
        try (JoulebenchChild child = JoulebenchChild.start(tmp.resolve("home"),
                List.of("run", study.toString(), "--out", tmp.resolve("out").toString()))) {
            if (killAt != null) {
                assertThat(child.awaitLine(killAt, Duration.ofSeconds(120))).as(child.output()).isTrue();
                List<Container> running = containers(ServerLabels.SESSION_ID, child.sessionIds().getFirst());
                assertThat(running).hasSize(1);
                docker.killContainerCmd(running.getFirst().getId()).exec();
            }
            exit = child.waitFor(Duration.ofSeconds(120));
            sessions = child.sessionIds();
            assertThat(child.output()).doesNotContain("\tat io.joulebench");
        }
        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        ResultsChecks.assertEveryFileParses(folder);
        String designHash = new ObjectMapper().readTree(folder.resolve("resolved.json").toFile())
                .path("design_hash").asText();
        assertThat(containers(ServerLabels.STUDY_ID, designHash)).as("containers of the study").isEmpty();
        for (String session : sessions) {
            assertThat(containers(ServerLabels.SESSION_ID, session)).as("containers of session " + session).isEmpty();
        }
        ManifestEntry cell = Manifest.read(folder.resolve("manifest.json")).entries().getFirst();
        WindowsCsvTable table = WindowsCsvTable.readFolder(folder);
        return new Run(exit, cell, table.rows().size(), new ArrayList<>(sessions), folder, table);
    }

    private static List<Container> containers(String label, String value) {
        return docker.listContainersCmd().withShowAll(true).withLabelFilter(Map.of(label, value)).exec();
    }
}

package io.joulebench.engine;

import com.github.dockerjava.api.DockerClient;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.server.LlamaImage;
import io.joulebench.core.server.ServerLabels;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.testing.TestWiring;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/llama-cpp-docker.yaml through a real ServerSession: llama.cpp in Docker streams real tokens into one
 * short level measured by the CPU estimate, and no container of the study is left, also after a forced failure.
 * Skipped only when no Docker daemon is reachable; a missing image fails (CI builds it).
 */
class LlamaCppSessionIT {

    static final String IMAGE = LlamaImage.NAME;
    private static DockerClient docker;

    @TempDir
    Path dir;

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

    private static String example() throws IOException {
        return Files.readString(Path.of("examples", "llama-cpp-docker.yaml"))
                .replace("joulebench/llama-server:local", IMAGE);
    }

    private ReferenceEngineSessionIT.MemorySink runFirstCell(Study study) throws Exception {
        List<ResolvedCell> first = StudyPlan.of(study).cells().subList(0, 1);
        ReferenceEngineSessionIT.MemorySink sink = new ReferenceEngineSessionIT.MemorySink(dir);
        new DefaultSessionRunner(TestWiring.referenceEngine(HostEnvironment.system())).runGroup(
                io.joulebench.core.study.StudyPlan.of(study), first, sink, StudyRunListener.NONE);
        return sink;
    }

    private static List<?> containersOf(Study study) {
        return docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(ServerLabels.STUDY_ID, study.designHash())).exec();
    }

    @Test
    void one_level_of_real_streamed_tokens_then_no_container_is_left() throws Exception {
        Study study = new StudyLoader().parse("llama-cpp-docker.yaml", example().getBytes(StandardCharsets.UTF_8),
                null);

        ReferenceEngineSessionIT.MemorySink sink = runFirstCell(study);

        assertThat(sink.failures).isEmpty();
        LevelResult level = sink.levels.getFirst();
        assertThat(level.energy().source()).isEqualTo("cpu-estimate");
        assertThat(level.windows()).hasSize(3).allSatisfy(w -> {
            assertThat(w.tokens()).isPositive();
            assertThat(w.bracket().kind()).isEqualTo(EnergyKind.ESTIMATED);
            assertThat(w.energyJ()).isPositive();
        });
        assertThat(containersOf(study)).isEmpty();
    }

    @Test
    void a_server_that_dies_at_startup_fails_the_cell_and_leaves_no_container() throws Exception {
        String broken = example().replace("model: /models/tiny.gguf", "model: /models/missing.gguf")
                .replace("experiment_timeout_seconds: 120", "experiment_timeout_seconds: 30");
        Study study = new StudyLoader().parse("broken.yaml", broken.getBytes(StandardCharsets.UTF_8), null);

        ReferenceEngineSessionIT.MemorySink sink = runFirstCell(study);

        assertThat(sink.levels).isEmpty();
        assertThat(sink.failures).singleElement().asString().startsWith("ServerLaunchException");
        assertThat(containersOf(study)).isEmpty();
    }
}

package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.session.LevelTraffic;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** windows.csv and result.json name the model the engine serves and the arrival seed the level used. */
class ModelAndSeedRecordedTest {

    @TempDir
    Path tmp;

    private final WindowRowMapper mapper = new WindowRowMapper("s", "9.9");

    private static final String NO_MODEL_NO_SEED = """
            study_name: seeds
            serving_mode: server
            engine: reference
            reference: {profile: %s}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server: {traffic: {rate: 2}}
            """;

    @Test
    void the_reference_engine_without_a_task_model_is_recorded_under_the_name_it_serves() {
        for (String profile : List.of("small", "large")) {
            ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "s.yaml", NO_MODEL_NO_SEED.formatted(profile)))
                    .cells().getFirst();
            Map<String, Object> row = mapper.map(ResultsFolderTest.level(cell, 0, true),
                    FakeSessionRunner.window(0, 0, 2), "id");
            assertThat(row).containsEntry("model", "joulebench-sim-" + profile);
        }
        ResolvedCell named = StudyPlan.of(Studies.load(tmp, "n.yaml", "serving_mode: server\nengine: vllm\n"
                + "task: {model: org/m}\nserver: {traffic: {rate: 2}}\n")).cells().getFirst();
        assertThat(mapper.map(ResultsFolderTest.level(named, 0, true), FakeSessionRunner.window(0, 0, 2), "id"))
                .containsEntry("model", "org/m");
    }

    @Test
    void a_drawn_seed_reaches_windows_csv_and_result_json_so_the_run_can_be_repeated() throws IOException {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", NO_MODEL_NO_SEED.formatted("small")));
        ResolvedCell declared = plan.cells().getFirst();
        ResolvedCell run = LevelTraffic.withDrawnSeeds(List.of(declared)).getFirst();
        long seed = run.experiment().server().traffic().seed();
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, VirtualClock.atSeconds(0));

        folder.levelClosed(ResultsFolderTest.level(run, 0, true), FakeSessionRunner.block("s1", 3, 1));

        WindowsCsvTable table = WindowsCsvTable.read(folder.dir().resolve(WindowsCsvTable.FILE_NAME));
        assertThat(table.rows()).hasSize(3).allSatisfy(r -> {
            assertThat(r.raw("seed")).isEqualTo(Long.toString(seed));
            assertThat(r.raw("model")).isEqualTo("joulebench-sim-small");
        });
        String id = folder.entries().getFirst().windowIds().getFirst();
        JsonNode result = ResultsJson.read(folder.dir().resolve(id).resolve("result.json"));
        assertThat(result.path("server").path("seed").asLong()).isEqualTo(seed);
        assertThat(result.path("model_name").asText()).isEqualTo("joulebench-sim-small");
        JsonNode config = ResultsJson.read(folder.dir().resolve(id).resolve("config.json"));
        assertThat(config.path("config").path("server").path("traffic").path("seed").isNull())
                .as("the declared config stays as written").isTrue();
    }
}

package io.joulebench.core.session;

import static io.joulebench.core.session.SessionFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.SessionGroup;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One attached session runs levels whose workloads differ, each level with its own cell's prompts (issue 33). */
class EndpointSessionTest {

    @TempDir
    Path dir;

    @Test
    void one_attach_serves_levels_of_different_output_caps_each_with_its_own() throws Exception {
        Study study = load("""
                serving_mode: server
                engine: reference
                runners: {reference: endpoint}
                reference: {url: "http://127.0.0.1:8123"}
                task: {dataset: {source: builtin, n_prompts: 10}}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {rate: 1, seed: 1, ramp_exclusion_seconds: 2, window_seconds: 10}
                  warmup: {mode: fixed, duration_seconds: 0}
                sweep: {task.max_output_tokens: [8, 32]}
                """);
        StudyPlan plan = StudyPlan.of(study);
        SessionGroup group = plan.groups().getFirst();
        assertThat(plan.groups()).hasSize(1);
        FakeServices services = new FakeServices();
        RecordingSink sink = new RecordingSink(dir);
        new ServerSession(plan, group.cellIndices().stream().map(plan.cells()::get).toList(), services, sink,
                StudyRunListener.NONE).run();

        assertThat(sink.failures).isEmpty();
        assertThat(services.launcher.launches).hasValue(1);
        for (var cell : plan.cells()) {
            assertThat(services.shapesByCell.get(cell.index()).shape(0).payload())
                    .as(cell.label()).containsEntry("max_tokens", cell.experiment().task().maxOutputTokens());
        }
    }
}

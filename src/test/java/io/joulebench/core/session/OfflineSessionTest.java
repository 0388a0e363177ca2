package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OfflineSessionTest {

    @TempDir
    Path dir;

    private static final String STUDY = """
            serving_mode: offline
            engine: reference
            runners: {reference: in-process}
            task: {dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            offline: {concurrency: 2, n_prompts: 7}
            """;

    @Test
    void a_fixed_batch_is_one_window_reported_as_an_offline_result_then_the_server_goes() throws Exception {
        FakeServices services = new FakeServices();
        Study study = SessionFixtures.load(STUDY);
        ResolvedCell cell = SessionFixtures.cells(study).getFirst();
        RecordingSink sink = new RecordingSink(dir);

        new DefaultSessionRunner(() -> services).runGroup(
                io.joulebench.core.study.StudyPlan.of(study), List.of(cell), sink, StudyRunListener.NONE);

        assertThat(sink.journal).containsExactly("started 0", "closed 0 valid", "session closed");
        LevelResult result = sink.levels.getFirst();
        assertThat(result.offline()).isTrue();
        assertThat(result.windowId(0)).isEqualTo("offline-" + cell.configHash() + "-c1");
        WindowRecord window = result.windows().getFirst();
        assertThat(window.tokens()).as("one token per prompt").isEqualTo(7);
        assertThat(window.metrics().completedCount()).isEqualTo(7);
        assertThat(window.energyJ()).isCloseTo(FakeServices.WATTS * (window.spanEndNanos() - window.spanStartNanos())
                / 1e9, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(window.jPerToken()).isEqualTo(window.energyJ() / 7);
        List<io.joulebench.core.window.RequestLogRow> rows = new java.util.ArrayList<>();
        io.joulebench.core.window.RequestLogSpill.read(sink.requestLogPath(cell, result.sessionId(), 0, 0), rows::add);
        assertThat(rows).hasSize(7);
        assertThat(sink.closed.getFirst().windowCount()).isEqualTo(1);
        assertThat(services.launcher.shutdowns).hasValue(1);
        assertThat(services.closed).isTrue();
    }
}

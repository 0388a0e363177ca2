package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.run.StudyRunResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunEndTest {

    private static StudyRunResult result(boolean interrupted, String abortReason) {
        return new StudyRunResult(Path.of("out"), 1, 0, 2, List.of(), 3, interrupted, List.of(), abortReason);
    }

    @Test
    void the_core_result_says_whether_the_run_finished_was_cancelled_or_was_stopped_by_the_breaker() {
        assertThat(RunEnd.of(result(false, null))).isEqualTo(RunEnd.finished());
        assertThat(RunEnd.of(result(true, null))).isEqualTo(RunEnd.cancelled());
        RunEnd stopped = RunEnd.of(result(false, "probe failed"));
        assertThat(stopped.aborted()).isTrue();
        assertThat(stopped.interrupted()).isFalse();
        assertThat(stopped.abortReason()).isEqualTo("probe failed");
        assertThat(RunEnd.finished().aborted()).isFalse();
    }
}

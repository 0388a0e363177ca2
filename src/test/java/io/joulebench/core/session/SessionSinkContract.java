package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a session needs of every {@link SessionSink}: a request-log path per window, distinct and writable, so the
 * window manager can stream rows while the level runs; a started cell shows as running and a failed one as failed,
 * as the sink itself records it (resume reads that). Each implementation's test extends this, as the executors
 * extend {@code StudyExecutorContract}.
 */
public abstract class SessionSinkContract {

    static final String STUDY = """
            study_name: sink-contract
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              random_seed: 42
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {rate: 4, arrival: poisson, seed: 7, ramp_exclusion_seconds: 0.1, window_seconds: 1}
              warmup: {mode: fixed, duration_seconds: 0.1}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            sweep:
              server.traffic.rate: [4, 8]
            """;

    @TempDir
    protected Path dir;

    /** A sink for {@code plan}'s cells, writing (if it writes) under {@code dir}. */
    protected abstract SessionSink newSink(StudyPlan plan, Path dir) throws Exception;

    /** The cell's state as the sink recorded it: {@code running}, {@code failed}, or empty before any call. */
    protected abstract String stateOf(SessionSink sink, ResolvedCell cell) throws Exception;

    protected StudyPlan plan() throws Exception {
        Path yaml = Files.writeString(dir.resolve("study.yaml"), STUDY);
        return StudyPlan.of(new StudyLoader().load(yaml));
    }

    @Test
    void each_window_gets_its_own_request_log_path_that_the_session_can_write() throws Exception {
        StudyPlan plan = plan();
        SessionSink sink = newSink(plan, dir.resolve("out"));
        ResolvedCell cell = plan.cells().getFirst();
        sink.cellStarted(cell, "s1");
        Set<Path> paths = new HashSet<>();
        for (int level : List.of(0, 1)) {
            for (int window : List.of(0, 1)) {
                Path p = sink.requestLogPath(cell, "s1", level, window);
                assertThat(paths.add(p)).as("level %d window %d has a path of its own: %s", level, window, p)
                        .isTrue();
                Files.createDirectories(p.getParent());
                Files.writeString(p, "request_index\n");
                assertThat(p).isRegularFile();
            }
        }
    }

    @Test
    void a_started_cell_is_running_and_a_failed_one_failed() throws Exception {
        StudyPlan plan = plan();
        SessionSink sink = newSink(plan, dir.resolve("out"));
        ResolvedCell first = plan.cells().get(0);
        ResolvedCell second = plan.cells().get(1);
        sink.cellStarted(first, "s1");
        assertThat(stateOf(sink, first)).isEqualTo("running");
        sink.cellFailed(first, "launch", "the server did not start");
        assertThat(stateOf(sink, first)).isEqualTo("failed");
        assertThat(stateOf(sink, second)).as("a cell no call named").isNotIn("running", "failed");
    }
}

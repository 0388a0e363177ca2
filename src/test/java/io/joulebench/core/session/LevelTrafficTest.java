package io.joulebench.core.session;

import static io.joulebench.core.session.SessionFixtures.cells;
import static io.joulebench.core.session.SessionFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ShapeSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A null arrival seed is drawn per level before the session runs, and that seed is the one the level's traffic uses. */
class LevelTrafficTest {

    @TempDir
    Path dir;

    private static final ShapeSource SHAPES = i -> new RequestShape(i, Map.of("prompt", "p"));

    private static String study(String traffic) {
        return """
                serving_mode: server
                engine: reference
                task: {dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {ramp_exclusion_seconds: 2, window_seconds: 10%s}
                  warmup: {mode: fixed, duration_seconds: 0}
                study_execution: {experiment_order: interleave}
                sweep:
                  server.traffic.rate: [1, 2]
                """.formatted(traffic);
    }

    @Test
    void cells_without_a_seed_get_one_drawn_per_level_and_keep_their_declared_identity() {
        List<ResolvedCell> declared = cells(load(study("")));

        List<ResolvedCell> run = LevelTraffic.withDrawnSeeds(declared);

        assertThat(run).hasSize(2);
        for (int i = 0; i < 2; i++) {
            Long seed = run.get(i).experiment().server().traffic().seed();
            assertThat(seed).isNotNull().isNotNegative();
            assertThat(run.get(i).configHash()).isEqualTo(declared.get(i).configHash());
            assertThat(run.get(i).config()).isEqualTo(declared.get(i).config());
            assertThat(run.get(i).config().path("server").path("traffic").path("seed").isNull()).isTrue();
        }
        assertThat(run.get(0).experiment().server().traffic().seed())
                .isNotEqualTo(run.get(1).experiment().server().traffic().seed());
    }

    @Test
    void a_seed_the_study_gives_is_kept() {
        List<ResolvedCell> declared = cells(load(study(", seed: 5")));

        assertThat(LevelTraffic.withDrawnSeeds(declared)).containsExactlyElementsOf(declared);
    }

    @Test
    void the_drawn_seed_is_the_one_the_levels_arrival_schedule_is_built_from() {
        ResolvedCell cell = LevelTraffic.withDrawnSeed(cells(load(study(""))).getFirst(), 123_456_789L);
        VirtualClock clock = VirtualClock.atSeconds(0);

        OpenLoopSource a = (OpenLoopSource) LevelTraffic.factory(cell, SHAPES, null, dir, clock, false)
                .create(r -> { }, 60);
        OpenLoopSource b = (OpenLoopSource) LevelTraffic.factory(cell, SHAPES, null, dir, clock, false)
                .create(r -> { }, 60);

        assertThat(a.schedule().seed()).isEqualTo(123_456_789L);
        assertThat(a.schedule().offsets()).containsExactly(b.schedule().offsets());
    }

    @Test
    void a_session_run_hands_its_levels_the_seeds_it_drew() throws Exception {
        Study study = load(study(""));
        FakeServices services = new FakeServices();
        RecordingSink sink = new RecordingSink(dir);

        new DefaultSessionRunner(() -> services).runGroup(
                io.joulebench.core.study.StudyPlan.of(study), cells(study), sink, StudyRunListener.NONE);

        assertThat(sink.levels).hasSize(2).allSatisfy(level ->
                assertThat(level.cell().experiment().server().traffic().seed()).isNotNull().isNotNegative());
    }
    @Test
    void a_trace_level_replays_its_slice_at_offsets_over_its_time_scale_with_recorded_output_lengths()
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("t.csv"), """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                3,ChatGPT,10,5,15,API log
                10,ChatGPT,11,6,17,API log
                12,ChatGPT,12,0,12,API log
                14,ChatGPT,13,7,20,API log
                40,ChatGPT,14,8,22,API log
                """);
        Study study = load("""
                serving_mode: server
                engine: reference
                task: {dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {ramp_exclusion_seconds: 2, window_seconds: 10, trace: {file: t.csv, start_seconds: 5,
                            duration_seconds: 30}}
                  warmup: {mode: fixed, duration_seconds: 0}
                study_execution: {experiment_order: interleave}
                sweep:
                  server.traffic.trace.time_scale: [1, 2]
                """);
        List<ResolvedCell> cells = cells(study);
        VirtualClock clock = VirtualClock.atSeconds(0);
        for (int level = 0; level < 2; level++) {
            double scale = level + 1;
            var source = (io.joulebench.core.traffic.TraceReplaySource) LevelTraffic.factory(cells.get(level), SHAPES, null,
                    dir, clock, false).create(r -> { }, 60);
            // the slice [5, 35) from the first row (3 s): rows at 10, 14 (12 failed); t_0 = 10
            assertThat(source.entries()).extracting(io.joulebench.core.traffic.TraceEntry::offsetSeconds)
                    .containsExactly(0.0, 4.0 / scale);
            assertThat(source.entries()).extracting(io.joulebench.core.traffic.TraceEntry::outputTokens)
                    .containsExactly(6, 7);
            assertThat(LevelTraffic.rate(cells.get(level), dir)).isEqualTo(2 / (4.0 / scale));
        }
    }
}

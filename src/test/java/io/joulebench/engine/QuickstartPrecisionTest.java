package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.stats.Stats;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first run: examples/quickstart.yaml passes the stability gate at every level in a clear majority of arrival
 * seeds, and its plan fits in about two minutes. Each seed runs the quickstart's session (its levels in dispatch
 * order, each after its fixed warmup and ramp, from a cold engine) through the reference engine's own scheduler and
 * power model on a virtual clock ({@link VirtualSession}); the real harness runs the same study in
 * {@code QuickstartGateIT}.
 */
class QuickstartPrecisionTest {

    private static final int SEEDS = 40;
    /** "A clear majority": the share of seeds in which every level must pass. */
    private static final double MAJORITY = 0.75;

    @Test
    void every_level_passes_the_gate_in_a_clear_majority_of_seeds() throws Exception {
        Study study = new StudyLoader().load(Path.of("examples/quickstart.yaml"));
        StudyPlan plan = StudyPlan.of(study);
        List<VirtualSession.Level> levels = new ArrayList<>();
        ExperimentConfig first = plan.cells().getFirst().experiment();
        for (ResolvedCell cell : plan.cells()) {
            var server = cell.experiment().server();
            var t = server.traffic();
            levels.add(new VirtualSession.Level(t.rate(), t.arrival(), 1.0,
                    server.warmup().durationSeconds() + t.rampExclusionSeconds(), t.levelWindowSeconds(),
                    server.windowsPerLevel()));
        }
        double threshold = first.server().stabilityCvThreshold();
        VirtualSession session = new VirtualSession(ReferenceServingShape.of(first.reference()).profile(),
                first.task().maxOutputTokens(), 32, 180);
        int allValid = 0;
        int[] levelPassed = new int[levels.size()];
        for (long seed = 1; seed <= SEEDS; seed++) {
            List<VirtualSession.Measured> run = session.run(levels, seed);
            boolean all = true;
            for (int l = 0; l < run.size(); l++) {
                boolean ok = Stats.populationCv(run.get(l).joulesPerToken()) <= threshold;
                levelPassed[l] += ok ? 1 : 0;
                all &= ok;
            }
            allValid += all ? 1 : 0;
        }
        System.out.printf("quickstart: all levels valid in %d of %d seeds; per level %s%n", allValid, SEEDS,
                java.util.Arrays.toString(levelPassed));
        assertThat((double) allValid / SEEDS).isGreaterThanOrEqualTo(MAJORITY);
        assertThat(PrecisionPlan.of(plan, ReferenceServingShape::forExperiment).allLikelyToPass()).isTrue();
        assertThat(plan.estimate().totalSeconds()).isLessThanOrEqualTo(130);
    }
}

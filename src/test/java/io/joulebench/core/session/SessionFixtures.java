package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyValidationException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Studies for session tests. */
final class SessionFixtures {

    /** Three rates on the reference engine, one group; 2 s ramp, 3 × 10 s windows, warmup as given. */
    static String serverStudy(String warmup) {
        return """
                study_name: session-test
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                task: {dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {seed: 1, ramp_exclusion_seconds: 2, window_seconds: 10}
                  warmup: %s
                study_execution: {experiment_order: interleave}
                sweep:
                  server.traffic.rate: [1, 2, 3]
                """.formatted(warmup);
    }

    static final String NO_WARMUP = "{mode: fixed, duration_seconds: 0}";

    private SessionFixtures() {
    }

    static Study load(String yaml) {
        try {
            return new StudyLoader().parse("test.yaml", yaml.getBytes(StandardCharsets.UTF_8), null);
        } catch (StudyValidationException e) {
            throw new AssertionError("expected a valid study, got:\n" + e.getMessage(), e);
        }
    }

    static List<ResolvedCell> cells(Study study) {
        return StudyPlan.of(study).cells();
    }
}

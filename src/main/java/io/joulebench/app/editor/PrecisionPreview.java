package io.joulebench.app.editor;

import io.joulebench.core.precision.PrecisionEstimate;
import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.engine.ReferenceServingShape;
import java.util.List;
import java.util.Map;

/**
 * The editor's predicted precision: per level, the line {@code joulebench validate} prints (one owner,
 * {@link PrecisionPlan#line}), whether it is likely to pass the stability gate and the shortest window that would;
 * and the suggested {@code window_seconds_by_rate} the fix writes. An estimate, labelled so wherever it is shown.
 *
 * @param levels      one per distinct server level with a rate, in dispatch order
 * @param assumptions what the engine shape assumes (one line per distinct shape)
 * @param suggested   rate → the shortest window that would pass, for each level likely to fail (empty: none)
 */
public record PrecisionPreview(List<Level> levels, List<String> assumptions, Map<Double, Double> suggested) {

    /**
     * One level.
     *
     * @param rate             req/s
     * @param windowSeconds    the level's window length as planned
     * @param predictedCv      the predicted CV of J/token across its windows (NaN when saturated)
     * @param passLikelihood   the estimated chance of passing the gate, 0–1 (NaN when saturated)
     * @param saturated        above the engine's modelled capacity: no estimate
     * @param text             the {@code validate} line
     * @param likelyToPass     the estimate's verdict (a saturated level counts as passing: there is no estimate)
     * @param suggestedSeconds the shortest passing window when the level is likely to fail; null otherwise or when
     *                         none up to the model's limit would
     */
    public record Level(double rate, double windowSeconds, double predictedCv, double passLikelihood,
                        boolean saturated, String text, boolean likelyToPass, Double suggestedSeconds) {
    }

    public PrecisionPreview {
        levels = List.copyOf(levels);
        assumptions = List.copyOf(assumptions);
        suggested = Map.copyOf(suggested);
    }

    /** The preview of a valid study, with the same engine shapes {@code validate} uses. */
    public static PrecisionPreview of(Study study) {
        PrecisionPlan plan = PrecisionPlan.of(StudyPlan.of(study), ReferenceServingShape::forExperiment);
        List<Level> levels = plan.levels().stream().map(l -> {
            PrecisionEstimate p = l.estimate();
            boolean saturated = p.facts().saturated();
            boolean passes = p.likelyToPass() || saturated;
            return new Level(p.design().rate(), p.design().windowSeconds(),
                    saturated ? Double.NaN : p.predictedCv(), saturated ? Double.NaN : p.passLikelihood(), saturated,
                    PrecisionPlan.line(p), passes, passes ? null : p.suggestedWindowSeconds());
        }).toList();
        return new PrecisionPreview(levels, plan.shapeNote(), plan.suggestedWindows());
    }

    /** How many levels are likely to fail the gate. */
    public long likelyFailures() {
        return levels.stream().filter(l -> !l.likelyToPass()).count();
    }
}

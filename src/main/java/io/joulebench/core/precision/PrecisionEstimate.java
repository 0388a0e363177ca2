package io.joulebench.core.precision;

/**
 * The model's estimate for one level: the expected CV of J/token across its windows, the likelihood that the
 * stability gate passes, and the shortest window length that would pass with {@link PrecisionModel#TARGET_LIKELIHOOD}
 * (null when none up to {@link PrecisionModel#MAX_WINDOW_SECONDS} would, e.g. a saturated level).
 */
public record PrecisionEstimate(LevelDesign design, double predictedCv, double passLikelihood,
                                Double suggestedWindowSeconds, LoadFacts facts) {

    /** Likely to pass: the pass likelihood reaches the target. */
    public boolean likelyToPass() {
        return passLikelihood >= PrecisionModel.TARGET_LIKELIHOOD;
    }

    /** Expected requests in one window. */
    public double requestsPerWindow() {
        return design.rate() * design.windowSeconds();
    }
}

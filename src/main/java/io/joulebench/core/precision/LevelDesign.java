package io.joulebench.core.precision;

/**
 * One level as designed: its rate, the CV of its arrival gaps (Poisson 1, constant 0, gamma its burstiness), the
 * window length, windows per level and the stability gate's CV threshold.
 */
public record LevelDesign(double rate, double arrivalCv, double windowSeconds, int windows, double cvThreshold) {

    public LevelDesign {
        if (!(rate > 0) || !(arrivalCv >= 0) || !(windowSeconds > 0) || windows < 1 || !(cvThreshold > 0)) {
            throw new IllegalArgumentException("need rate > 0, arrival CV ≥ 0, window > 0, windows ≥ 1, threshold > 0");
        }
    }

    public LevelDesign withWindowSeconds(double seconds) {
        return new LevelDesign(rate, arrivalCv, seconds, windows, cvThreshold);
    }
}

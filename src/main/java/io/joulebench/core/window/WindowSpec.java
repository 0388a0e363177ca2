package io.joulebench.core.window;

/**
 * How one rate level is cut into measured windows (spec §2.1). Time-based windows only: a count-based window
 * ({@code window_requests}) is rejected by {@link Builder#windowRequests}.
 *
 * @param rate                 the target request rate in requests per second (&gt; 0)
 * @param durationSeconds      length of each measured window (&gt; 0, default 240)
 * @param rampExclusionSeconds traffic before the first window that is excluded from measurement (≥ 0, default 30)
 * @param windowsPerLevel      contiguous windows per level (≥ 1, default 3)
 * @param cvThreshold          the stability gate's J/token CV threshold (&gt; 0, default 0.05)
 * @param maxErrorFraction     the request-failure rule: the largest share of the level's in-window requests that
 *                             may end in error or timeout (0–1, default 0.01)
 */
public record WindowSpec(double rate, double durationSeconds, double rampExclusionSeconds, int windowsPerLevel,
                         double cvThreshold, double maxErrorFraction) {

    public static final double DEFAULT_DURATION_SECONDS = 240;
    public static final double DEFAULT_RAMP_EXCLUSION_SECONDS = 30;
    public static final int DEFAULT_WINDOWS_PER_LEVEL = 3;
    public static final double DEFAULT_CV_THRESHOLD = 0.05;
    public static final double DEFAULT_MAX_ERROR_FRACTION = 0.01;
    /** The single attribution policy: every token receipt inside the window's closed span counts. */
    public static final String ATTRIBUTION_POLICY = "steady_state_span";

    public WindowSpec {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidWindowSpecException("rate", "must be a finite number > 0, got " + rate);
        }
        if (!(durationSeconds > 0) || Double.isInfinite(durationSeconds)) {
            throw new InvalidWindowSpecException("duration_s", "must be a finite number > 0, got " + durationSeconds);
        }
        if (!(rampExclusionSeconds >= 0) || Double.isInfinite(rampExclusionSeconds)) {
            throw new InvalidWindowSpecException("ramp_exclusion_s",
                    "must be a finite number ≥ 0, got " + rampExclusionSeconds);
        }
        if (windowsPerLevel < 1) {
            throw new InvalidWindowSpecException("windows_per_level", "must be ≥ 1, got " + windowsPerLevel);
        }
        if (!(cvThreshold > 0) || Double.isInfinite(cvThreshold)) {
            throw new InvalidWindowSpecException("cv_threshold", "must be a finite number > 0, got " + cvThreshold);
        }
        if (!(maxErrorFraction >= 0 && maxErrorFraction <= 1)) {
            throw new InvalidWindowSpecException("max_error_fraction", "must be in [0, 1], got " + maxErrorFraction);
        }
    }

    /** A spec with the default request-failure rule ({@value #DEFAULT_MAX_ERROR_FRACTION}). */
    public WindowSpec(double rate, double durationSeconds, double rampExclusionSeconds, int windowsPerLevel,
                      double cvThreshold) {
        this(rate, durationSeconds, rampExclusionSeconds, windowsPerLevel, cvThreshold, DEFAULT_MAX_ERROR_FRACTION);
    }

    /** The same spec with another window length (an auto length chosen from the warmup). */
    public WindowSpec withDurationSeconds(double seconds) {
        return new WindowSpec(rate, seconds, rampExclusionSeconds, windowsPerLevel, cvThreshold, maxErrorFraction);
    }

    /** A spec with the defaults for everything but the rate. */
    public static WindowSpec ofRate(double rate) {
        return builder().rate(rate).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public String attributionPolicy() {
        return ATTRIBUTION_POLICY;
    }

    /** The traffic horizon of one level: ramp + N × duration (e.g. 30 + 3 × 240 = 750 s). */
    public double horizonSeconds() {
        return rampExclusionSeconds + windowsPerLevel * durationSeconds;
    }

    public long durationNanos() {
        return Math.round(durationSeconds * 1e9);
    }

    public long rampNanos() {
        return Math.round(rampExclusionSeconds * 1e9);
    }

    /** Collects settings with the defaults of spec §2.1; {@link #build()} validates them. */
    public static final class Builder {
        private double rate = Double.NaN;
        private double durationSeconds = DEFAULT_DURATION_SECONDS;
        private double rampExclusionSeconds = DEFAULT_RAMP_EXCLUSION_SECONDS;
        private int windowsPerLevel = DEFAULT_WINDOWS_PER_LEVEL;
        private double cvThreshold = DEFAULT_CV_THRESHOLD;
        private double maxErrorFraction = DEFAULT_MAX_ERROR_FRACTION;

        private Builder() {
        }

        public Builder rate(double rate) {
            this.rate = rate;
            return this;
        }

        public Builder durationSeconds(double seconds) {
            this.durationSeconds = seconds;
            return this;
        }

        public Builder rampExclusionSeconds(double seconds) {
            this.rampExclusionSeconds = seconds;
            return this;
        }

        public Builder windowsPerLevel(int windows) {
            this.windowsPerLevel = windows;
            return this;
        }

        public Builder cvThreshold(double threshold) {
            this.cvThreshold = threshold;
            return this;
        }

        public Builder maxErrorFraction(double fraction) {
            this.maxErrorFraction = fraction;
            return this;
        }

        /**
         * Count-based windows are not supported: the window defaults are calibrated on durations. A null count is
         * accepted (it means "not set"), anything else is rejected.
         */
        public Builder windowRequests(Integer count) {
            if (count != null) {
                throw new InvalidWindowSpecException("window_requests",
                        "count-based measured windows are not supported; set duration_s (seconds per window) instead");
            }
            return this;
        }

        public WindowSpec build() {
            return new WindowSpec(rate, durationSeconds, rampExclusionSeconds, windowsPerLevel, cvThreshold,
                    maxErrorFraction);
        }
    }
}

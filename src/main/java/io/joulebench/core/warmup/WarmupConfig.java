package io.joulebench.core.warmup;

import io.joulebench.core.window.InvalidWindowSpecException;

/**
 * Warmup settings (spec §3.1).
 *
 * @param timeoutSeconds        composite failsafe (&gt; 0, default 900): on expiry the level proceeds with
 *                              {@code timed_out = true}
 * @param durationSeconds       fixed-mode duration (≥ 0, default 300; 0 skips warmup)
 * @param sampleIntervalSeconds meter sampling cadence (&gt; 0, default 0.1)
 * @param pollIntervalSeconds   gate evaluation cadence (&gt; 0, default 2)
 * @param cooldownSeconds       idle time before every level after the first (≥ 0, default 0)
 */
public record WarmupConfig(WarmupMode mode, double timeoutSeconds, double durationSeconds,
                           double sampleIntervalSeconds, double pollIntervalSeconds, double cooldownSeconds) {

    public static final double DEFAULT_TIMEOUT_SECONDS = 900;
    public static final double DEFAULT_FIXED_SECONDS = 300;

    public WarmupConfig {
        if (mode == null) {
            throw new InvalidWindowSpecException("warmup.mode", "must be composite or fixed");
        }
        positive("warmup.timeout_s", timeoutSeconds);
        nonNegative("warmup.duration_s", durationSeconds);
        positive("warmup.sample_interval_s", sampleIntervalSeconds);
        positive("warmup.poll_interval_s", pollIntervalSeconds);
        nonNegative("warmup.cooldown_s", cooldownSeconds);
    }

    public static WarmupConfig composite() {
        return new WarmupConfig(WarmupMode.COMPOSITE, DEFAULT_TIMEOUT_SECONDS, DEFAULT_FIXED_SECONDS, 0.1, 2.0, 0);
    }

    public static WarmupConfig fixed(double seconds) {
        return new WarmupConfig(WarmupMode.FIXED, DEFAULT_TIMEOUT_SECONDS, seconds, 0.1, 2.0, 0);
    }

    public WarmupConfig withTimeoutSeconds(double seconds) {
        return new WarmupConfig(mode, seconds, durationSeconds, sampleIntervalSeconds, pollIntervalSeconds,
                cooldownSeconds);
    }

    public WarmupConfig withCooldownSeconds(double seconds) {
        return new WarmupConfig(mode, timeoutSeconds, durationSeconds, sampleIntervalSeconds, pollIntervalSeconds,
                seconds);
    }

    /** The human label recorded with each level (spec §3.5). */
    public String protocol() {
        String timeout = trim(timeoutSeconds);
        return switch (mode) {
            case COMPOSITE -> "server composite warmup: issuer-driven traffic at the target rate until power "
                    + "CoV ≤ 0.05 on a 1 Hz plateau view, temperature range < 2C over the trailing 90s (60s settle "
                    + "+ 30s confirm) on every GPU, and no throttle in the trailing 30s; failsafe timeout "
                    + timeout + "s";
            case FIXED -> durationSeconds <= 0 ? "no server warmup (fixed duration 0s)"
                    : "server fixed-duration warmup: issuer-driven traffic at the target rate for "
                    + trim(durationSeconds) + "s, no convergence gate";
        };
    }

    private static String trim(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void positive(String field, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new InvalidWindowSpecException(field, "must be a finite number > 0, got " + v);
        }
    }

    private static void nonNegative(String field, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new InvalidWindowSpecException(field, "must be a finite number ≥ 0, got " + v);
        }
    }
}

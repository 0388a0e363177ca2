package io.joulebench.core.study;

/**
 * {@code server.traffic.window_seconds_auto} (a Joulebench extension, #23), in force when {@code window_seconds: auto}:
 * each level's window length is chosen from its own warmup, once, before its first window opens
 * ({@link io.joulebench.core.precision.WindowChooser}).
 *
 * @param minSeconds the shortest window it may choose
 * @param maxSeconds the longest; also the length when the warmup gave too little data, and the wall-time worst case
 * @param targetCv   the predicted CV of J/token across windows the length aims at (below the gate's threshold)
 */
public record AutoWindowConfig(double minSeconds, double maxSeconds, double targetCv) {

    public static final double DEFAULT_MIN_SECONDS = 10;
    public static final double DEFAULT_MAX_SECONDS = 300;
    public static final double DEFAULT_TARGET_CV = 0.03;

    public AutoWindowConfig {
        if (!(minSeconds > 0) || !(maxSeconds >= minSeconds) || !(targetCv > 0)) {
            throw new IllegalArgumentException("need 0 < min_seconds ≤ max_seconds and target_cv > 0");
        }
    }

    public static AutoWindowConfig defaults() {
        return new AutoWindowConfig(DEFAULT_MIN_SECONDS, DEFAULT_MAX_SECONDS, DEFAULT_TARGET_CV);
    }

    /** As the plan shows it: {@code auto (10–300 s)}. */
    public String label() {
        return "auto (" + num(minSeconds) + "–" + num(maxSeconds) + " s)";
    }

    private static String num(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}

package io.joulebench.core.window;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The level's verdict: valid only when every rule held, else the reason names each rule that failed. The rules are
 * the stability gate (spec §2.7, {@link StabilityGate}) and the request-failure rule ({@link #withRequestFailures}).
 *
 * @param valid             whether every rule held
 * @param reason            why not (the stability gate's reason first, then the request-failure reason, joined by
 *                          {@code "; "}), or null when valid
 * @param cv                the worst CV over the runs of 3, or null when the gate could not compute one
 * @param windowsConsidered windows whose J/token the gate saw
 * @param threshold         the stability gate's threshold applied (recorded with the result)
 */
public record LevelValidation(boolean valid, String reason, Double cv, int windowsConsidered, double threshold) {

    /** The key that sets the request-failure rule, named in its reason. */
    public static final String MAX_ERROR_FRACTION_KEY = "server.max_error_fraction";

    /**
     * This verdict with the request-failure rule applied: over the level's measured windows, the requests that ended
     * in error or timeout, as a share of those issued inside the windows, must not exceed {@code maxFraction}. A
     * level above it is invalid with a reason such as {@code request failures: 12 of 400 (3.0 %: 9 errors, 3
     * timeouts) > 1 % (server.max_error_fraction)}, after the stability gate's reason when that failed too. A level
     * that issued nothing in its windows is left to the stability gate.
     */
    public LevelValidation withRequestFailures(List<WindowRecord> windows, double maxFraction) {
        long issued = 0;
        long errors = 0;
        long timeouts = 0;
        for (WindowRecord w : windows) {
            if (w.metrics() != null) {
                issued += w.metrics().inWindowCount();
                errors += w.metrics().errorCount();
                timeouts += w.metrics().timeoutCount();
            }
        }
        String failure = requestFailureReason(issued, errors, timeouts, maxFraction);
        if (failure == null) {
            return this;
        }
        String joined = valid ? failure : stripPeriod(reason) + "; " + failure;
        return new LevelValidation(false, joined, cv, windowsConsidered, threshold);
    }

    /** The request-failure rule's reason, or null when {@code errors + timeouts ≤ maxFraction × issued}. */
    static String requestFailureReason(long issued, long errors, long timeouts, double maxFraction) {
        long failed = errors + timeouts;
        if (issued <= 0 || failed <= maxFraction * issued) {
            return null;
        }
        return String.format(Locale.ROOT, "request failures: %d of %d (%.1f %%: %d %s, %d %s) > %s %% (%s)",
                failed, issued, 100.0 * failed / issued, errors, errors == 1 ? "error" : "errors", timeouts,
                timeouts == 1 ? "timeout" : "timeouts",
                BigDecimal.valueOf(maxFraction).movePointRight(2).stripTrailingZeros().toPlainString(),
                MAX_ERROR_FRACTION_KEY);
    }

    private static String stripPeriod(String s) {
        return s == null ? "" : s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}

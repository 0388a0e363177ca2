package io.joulebench.core.window;

import io.joulebench.core.stats.Stats;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The level stability gate (spec §2.7): a level is valid only when every run of {@value #CONSECUTIVE} consecutive
 * windows has a J/token CV (population std / mean) at or below the threshold, i.e. it is steady through the end of
 * the level. An invalid level is stamped, never dropped.
 */
public final class StabilityGate {

    public static final int CONSECUTIVE = 3;

    private StabilityGate() {
    }

    public static LevelValidation validate(List<Double> jPerToken, double threshold) {
        int n = jPerToken.size();
        if (n < CONSECUTIVE) {
            return new LevelValidation(false, "the level ran " + n + " measured window(s); the stability gate needs "
                    + "at least " + CONSECUTIVE + " consecutive windows.", null, n, threshold);
        }
        if (jPerToken.stream().anyMatch(v -> v == null)) {
            return new LevelValidation(false, "one or more windows produced no J/token (zero attributed output "
                    + "tokens), so window-to-window stability cannot be assessed.", null, n, threshold);
        }
        double worst = 0;
        for (int s = 0; s + CONSECUTIVE <= n; s++) {
            double cv = Stats.populationCv(jPerToken.get(s), jPerToken.get(s + 1), jPerToken.get(s + 2));
            worst = Math.max(worst, cv);
        }
        if (worst <= threshold) {
            return new LevelValidation(true, null, worst, n, threshold);
        }
        String reason = String.format(Locale.ROOT, "window-to-window J/token not steady: worst coefficient of "
                + "variation over %d consecutive windows was %.4f, exceeding the %s threshold.",
                CONSECUTIVE, worst, BigDecimal.valueOf(threshold).stripTrailingZeros().toPlainString());
        return new LevelValidation(false, reason, worst, n, threshold);
    }
}

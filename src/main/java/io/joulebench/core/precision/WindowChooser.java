package io.joulebench.core.precision;

import io.joulebench.core.study.AutoWindowConfig;
import io.joulebench.core.warmup.WarmupTraffic;
import io.joulebench.core.warmup.WindowChoice;
import java.util.Locale;

/**
 * Chooses an auto level's window length from its warmup (#23; docs/methodology.md, "Window length from the warmup"):
 * the shortest whole-second length within the bounds whose {@link PrecisionModel} CV of J/token across windows is at
 * most the target, with the output lengths and request time the warmup measured at the level's rate. Energy is taken
 * as all fixed (sensitivity 1, the model's conservative case): the warmup alone cannot split idle from load power.
 * It sees only the warmup and the level's design, never a window: the length is fixed before the first window opens,
 * so stopping when the gate happens to pass is impossible.
 */
public final class WindowChooser {

    /** Completed warmup requests below which the data is too thin to estimate a spread: max_seconds is used. */
    public static final int MIN_REQUESTS = 10;

    private WindowChooser() {
    }

    /**
     * @param design the level as designed (rate, arrival CV, windows, gate); its window length is ignored
     * @param data   the warmup's traffic at the level's rate, or null when none ran
     */
    public static WindowChoice choose(LevelDesign design, AutoWindowConfig bounds, WarmupTraffic data) {
        double min = bounds.minSeconds();
        double max = bounds.maxSeconds();
        if (data == null || data.completed() < MIN_REQUESTS || data.outputTokens() <= 0) {
            long n = data == null ? 0 : data.completed();
            return new WindowChoice(max, null, min, max, bounds.targetCv(), String.format(Locale.ROOT,
                    "the warmup completed %d request%s (at least %d are needed to estimate the spread):"
                            + " max_seconds used", n, n == 1 ? "" : "s", MIN_REQUESTS), data);
        }
        PrecisionModel model = model(data);
        double target = bounds.targetCv();
        // min_seconds, then each whole second above it, then max_seconds itself
        for (double w = min; w < max; w = Math.floor(w) + 1) {
            double cv = model.predictedCv(design.withWindowSeconds(w));
            if (cv <= target) {
                String why = w == min
                        ? "min_seconds already reaches the target (predicted CV %.4f ≤ %.4f)"
                        : "the shortest length whose predicted CV (%.4f) is at most the target %.4f";
                return new WindowChoice(w, cv, min, max, target, String.format(Locale.ROOT, why, cv, target), data);
            }
        }
        double cv = model.predictedCv(design.withWindowSeconds(max));
        if (cv <= target) {
            return new WindowChoice(max, cv, min, max, target, String.format(Locale.ROOT,
                    "only max_seconds reaches the target (predicted CV %.4f ≤ %.4f)", cv, target), data);
        }
        return new WindowChoice(max, cv, min, max, target, String.format(Locale.ROOT,
                "no length up to max_seconds reaches the target (predicted CV %.4f > %.4f): max_seconds used",
                cv, target), data);
    }

    /** The precision model with the warmup's measured output lengths and request time; all energy fixed. */
    static PrecisionModel model(WarmupTraffic data) {
        OutputLengths lengths = new OutputLengths(data.meanOutputTokens(), data.outputTokensCv());
        LoadFacts facts = new LoadFacts(1, 1, data.meanRequestSeconds(), false);
        ServingShape measured = new ServingShape() {
            @Override
            public LoadFacts at(double rate, OutputLengths l, int promptTokens) {
                return facts;
            }

            @Override
            public OutputLengths outputLengths(int maxOutputTokens) {
                return lengths;
            }

            @Override
            public String describe() {
                return "measured in the warmup: output lengths and request time; all energy fixed";
            }
        };
        return new PrecisionModel(measured, lengths, 0);
    }
}

package io.joulebench.core.warmup;

/**
 * The window length an auto level took from its warmup (#23), fixed before its first window opened, with the data it
 * came from; made by {@code io.joulebench.core.precision.WindowChooser}.
 *
 * @param seconds     the chosen length
 * @param predictedCv the precision model's CV of J/token across windows at that length; null when the warmup gave too
 *                    little data to predict one
 * @param reason      why this length, in words
 * @param data        the warmup traffic it came from
 */
public record WindowChoice(double seconds, Double predictedCv, double minSeconds, double maxSeconds, double targetCv,
                           String reason, WarmupTraffic data) {
}

package io.joulebench.core.window;

/**
 * The level's stability verdict (spec §2.7).
 *
 * @param valid             whether every run of 3 consecutive windows was steady
 * @param reason            why not, or null when valid
 * @param cv                the worst CV over the runs of 3, or null when the gate could not compute one
 * @param windowsConsidered windows whose J/token the gate saw
 * @param threshold         the threshold applied (recorded with the result)
 */
public record LevelValidation(boolean valid, String reason, Double cv, int windowsConsidered, double threshold) {
}

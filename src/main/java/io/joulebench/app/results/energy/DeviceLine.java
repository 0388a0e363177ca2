package io.joulebench.app.results.energy;

/**
 * One row of the breakdown table: a window's energy on one device, as {@code devices.csv} records it. Figures are
 * shown as written; null where the file has none.
 */
public record DeviceLine(String window, String level, String windowIndex, String domain, String device, String name, String architecture,
                         String group, Double energyJ, Double meanPowerW, String kind, String method,
                         String source) {
}

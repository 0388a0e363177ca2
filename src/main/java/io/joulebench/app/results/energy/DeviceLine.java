package io.joulebench.app.results.energy;

import io.joulebench.core.study.DisplayNumber;

/**
 * One row of the breakdown table: a window's energy on one device, as {@code devices.csv} records it. Figures are
 * shown as written; null where the file has none.
 */
public record DeviceLine(String window, String level, String windowIndex, String domain, String device, String name, String architecture,
                         String group, Double energyJ, Double meanPowerW, String kind, String method,
                         String source) {

    /** The level as people count it, from 1 ({@link DisplayNumber}); {@link #level()} is the file's index. */
    public String levelShown() {
        return DisplayNumber.of(level);
    }

    /** The window as people count it, from 1; {@link #windowIndex()} is the file's index. */
    public String windowShown() {
        return DisplayNumber.of(windowIndex);
    }
}

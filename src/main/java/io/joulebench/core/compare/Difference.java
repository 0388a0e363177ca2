package io.joulebench.core.compare;

import io.joulebench.core.WireName;

/**
 * One configuration against the baseline: at one rate both measured, or at their operating points.
 *
 * @param contrast null when a level was excluded (invalid) and nothing was compared
 * @param verdict  the answer in words, e.g. {@code B uses 12.0 % less energy per token than A (95 % CI 7.0–17.0 %)}
 */
public record Difference(Scope scope, Configuration baseline, Configuration other, Level baselineLevel,
                         Level otherLevel, Contrast contrast, String verdict) {

    /** Where the two were compared; spelled {@code rate} or {@code operating_point} in the CSV. */
    public enum Scope implements WireName {
        /** The same measured rate. */
        RATE,
        /** Each at its own operating point under the SLO. */
        OPERATING_POINT;

        @Override
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public boolean compared() {
        return contrast != null;
    }
}

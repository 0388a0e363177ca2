package io.joulebench.core.compare;

/**
 * A configuration's operating point at the SLO: its highest measured rate whose level is valid and meets the SLO.
 * When the next measured rate above is valid but breaks the SLO, the rate where the binding figure would cross its
 * bound is estimated by linear interpolation between the two, with J/token interpolated at it: an estimate,
 * labelled <em>interpolated</em>, never shown as measured.
 *
 * @param level              the measured operating point; null when no level is valid and meets the SLO
 * @param interpolatedRate   NaN unless interpolated
 * @param interpolatedJPerToken NaN unless interpolated
 * @param note               why there is none, what bound it would cross, or empty
 */
public record OperatingPoint(Configuration configuration, Level level, double interpolatedRate,
                             double interpolatedJPerToken, String note) {

    public boolean found() {
        return level != null;
    }

    public boolean interpolated() {
        return !Double.isNaN(interpolatedRate);
    }
}

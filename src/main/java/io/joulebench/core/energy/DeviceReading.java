package io.joulebench.core.energy;

/**
 * One device at one instant. Any field the source cannot provide is null.
 *
 * @param energyJ      the energy counter in joules, arbitrary origin, never decreasing; null without a counter
 * @param powerW       power in watts (≥ 0)
 * @param temperatureC temperature in °C
 * @param throttled    whether a thermal/power throttle reason is active
 */
public record DeviceReading(int device, Double energyJ, Double powerW, Double temperatureC, Boolean throttled) {
}

package io.joulebench.core.energy;

import java.time.Instant;
import java.util.List;

/**
 * The energy of one bracket (a window or a phase).
 *
 * @param energyJ           the headline energy over the selected devices: counter delta when the meter has one,
 *                          else the power integral; null when it could not be measured
 * @param method            how {@code energyJ} was obtained
 * @param deviceEnergyJ     per device, same order as {@link #devices()}
 * @param integratedJ       the polled-power cross-check (trapezoid after a 3-point median clean); null with < 2 samples
 * @param crossCheckRelDiff {@code (integratedJ − energyJ) / energyJ} when both exist and the method is counter
 * @param meanPowerW        {@code energyJ / duration}, summed over devices
 * @param truthJ            the reference engine's exact integral over the bracket (simulated meters only)
 * @param samples           the power timeseries, for charts and {@code timeseries.csv}
 */
public record BracketResult(long startNanos, long endNanos, Instant startUtc, Instant endUtc,
                            String source, EnergyKind kind, EnergyMethod method,
                            List<DeviceInfo> devices, Double energyJ, List<Double> deviceEnergyJ,
                            Double integratedJ, Double crossCheckRelDiff, Double meanPowerW, Double truthJ,
                            List<PowerSample> samples) {

    public BracketResult {
        devices = List.copyOf(devices);
        deviceEnergyJ = deviceEnergyJ == null ? List.of() : java.util.Collections.unmodifiableList(
                new java.util.ArrayList<>(deviceEnergyJ));
        samples = List.copyOf(samples);
    }

    public double durationSeconds() {
        return Math.max(0, endNanos - startNanos) / 1e9;
    }
}

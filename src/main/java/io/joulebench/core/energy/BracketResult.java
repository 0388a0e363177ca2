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
 * @param warnings          what a reader must know to judge the figure: the meter's own warnings at the close
 *                          (a stale exporter, a fallback taken, the assumptions of an estimate) and the bracket's
 *                          (an edge whose counter did not tick, a counter that went backwards); empty when none
 */
public record BracketResult(long startNanos, long endNanos, Instant startUtc, Instant endUtc,
                            String source, EnergyKind kind, EnergyMethod method,
                            List<DeviceInfo> devices, Double energyJ, List<Double> deviceEnergyJ,
                            Double integratedJ, Double crossCheckRelDiff, Double meanPowerW, Double truthJ,
                            List<PowerSample> samples, List<String> warnings) {

    public BracketResult {
        devices = List.copyOf(devices);
        deviceEnergyJ = deviceEnergyJ == null ? List.of() : java.util.Collections.unmodifiableList(
                new java.util.ArrayList<>(deviceEnergyJ));
        samples = List.copyOf(samples);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A result without warnings. */
    public BracketResult(long startNanos, long endNanos, Instant startUtc, Instant endUtc, String source,
                         EnergyKind kind, EnergyMethod method, List<DeviceInfo> devices, Double energyJ,
                         List<Double> deviceEnergyJ, Double integratedJ, Double crossCheckRelDiff, Double meanPowerW,
                         Double truthJ, List<PowerSample> samples) {
        this(startNanos, endNanos, startUtc, endUtc, source, kind, method, devices, energyJ, deviceEnergyJ,
                integratedJ, crossCheckRelDiff, meanPowerW, truthJ, samples, List.of());
    }

    public double durationSeconds() {
        return Math.max(0, endNanos - startNanos) / 1e9;
    }
}

package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Energy from polled power, as reference spec §2.4 defines it: drop samples with no power or power ≤ 0; per device
 * a 3-point median filter (window [i−1, i+1] clipped at the ends, median = middle element of the sorted window,
 * timestamps kept); then the trapezoidal integral from each device's first to last sample, summed over devices.
 */
public final class PowerIntegral {

    private PowerIntegral() {
    }

    /** Per device, the cleaned series in time order; devices with no usable sample are absent. */
    public static Map<Integer, List<PowerSample>> clean(List<PowerSample> samples) {
        Map<Integer, List<PowerSample>> byDevice = new TreeMap<>();
        for (PowerSample s : samples) {
            if (s.powerW() != null && s.powerW() > 0 && Double.isFinite(s.powerW())) {
                byDevice.computeIfAbsent(s.device(), d -> new ArrayList<>()).add(s);
            }
        }
        Map<Integer, List<PowerSample>> cleaned = new TreeMap<>();
        byDevice.forEach((device, series) -> {
            series.sort(Comparator.comparingLong(PowerSample::tNanos));
            List<PowerSample> out = new ArrayList<>(series.size());
            for (int i = 0; i < series.size(); i++) {
                List<Double> window = new ArrayList<>(3);
                for (int j = Math.max(0, i - 1); j <= Math.min(series.size() - 1, i + 1); j++) {
                    window.add(series.get(j).powerW());
                }
                window.sort(null);
                PowerSample s = series.get(i);
                out.add(new PowerSample(s.tNanos(), device, window.get(window.size() / 2), s.temperatureC(),
                        s.throttled()));
            }
            cleaned.put(device, out);
        });
        return cleaned;
    }

    /** Per device joules over the cleaned series; a device with fewer than 2 cleaned samples is absent. */
    public static Map<Integer, Double> perDeviceJ(List<PowerSample> samples) {
        Map<Integer, Double> result = new TreeMap<>();
        clean(samples).forEach((device, series) -> {
            if (series.size() >= 2) {
                result.put(device, trapezoidJ(series));
            }
        });
        return result;
    }

    /** The summed integral, or null when no device has 2 cleaned samples. */
    public static Double totalJ(List<PowerSample> samples) {
        Map<Integer, Double> perDevice = perDeviceJ(samples);
        return perDevice.isEmpty() ? null : perDevice.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    private static double trapezoidJ(List<PowerSample> series) {
        double joules = 0;
        for (int i = 1; i < series.size(); i++) {
            PowerSample a = series.get(i - 1);
            PowerSample b = series.get(i);
            joules += (a.powerW() + b.powerW()) / 2 * ((b.tNanos() - a.tNanos()) / 1e9);
        }
        return joules;
    }
}

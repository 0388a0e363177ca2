package io.joulebench.app.run;

import io.joulebench.app.live.GpuTrace;
import io.joulebench.app.live.PowerPoint;
import io.joulebench.core.energy.PowerSample;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongToDoubleFunction;

/**
 * The recent power samples of each device, bounded, and each device's last power and temperature reading. Not
 * thread-safe: the live feed calls it under its lock.
 */
final class PowerBuffer {

    private final int capacity;
    private final Map<Integer, ArrayDeque<PowerPoint>> traces = new TreeMap<>();
    private final Map<Integer, Double> lastPower = new TreeMap<>();
    private final Map<Integer, Double> lastTemperature = new TreeMap<>();

    /** @param capacity samples kept per device; the oldest go first */
    PowerBuffer(int capacity) {
        this.capacity = capacity;
    }

    void clear() {
        traces.clear();
        lastPower.clear();
        lastTemperature.clear();
    }

    /** @param seconds the run's time, in seconds, of a sample's timestamp */
    void add(List<PowerSample> samples, LongToDoubleFunction seconds) {
        for (PowerSample s : samples) {
            if (s.powerW() != null) {
                ArrayDeque<PowerPoint> trace = traces.computeIfAbsent(s.device(), d -> new ArrayDeque<>());
                trace.addLast(new PowerPoint(seconds.applyAsDouble(s.tNanos()), s.powerW()));
                while (trace.size() > capacity) {
                    trace.removeFirst();
                }
                lastPower.put(s.device(), s.powerW());
            }
            if (s.temperatureC() != null) {
                lastTemperature.put(s.device(), s.temperatureC());
            }
        }
    }

    /** One trace per device, in device order, oldest sample first. */
    List<GpuTrace> traces() {
        List<GpuTrace> out = new ArrayList<>(traces.size());
        traces.forEach((device, trace) -> out.add(new GpuTrace(device, "GPU " + device, List.copyOf(trace))));
        return out;
    }

    /** The devices' last power readings summed; NaN before any. */
    double watts() {
        return lastPower.isEmpty() ? Double.NaN
                : lastPower.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** The hottest device's last temperature; NaN before any. */
    double hottestC() {
        return lastTemperature.isEmpty() ? Double.NaN
                : lastTemperature.values().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}

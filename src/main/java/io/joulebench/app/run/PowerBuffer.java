package io.joulebench.app.run;

import io.joulebench.app.live.GpuTrace;
import io.joulebench.app.live.PowerPoint;
import io.joulebench.core.energy.PowerSample;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongToDoubleFunction;

/**
 * The recent power readings of each trace, bounded, and each trace's last power and temperature reading. A trace is
 * a device of an own run ({@code GPU 0}) or a named source of a followed one ({@code Power}, {@code job 41}). Not
 * thread-safe: the live model calls it under its feed's lock.
 */
final class PowerBuffer {

    /** A trace: a device (its number) or a named source (device -1, numbered in name order when shown). */
    private record Trace(int device, String name) {
        static final Comparator<Trace> ORDER = Comparator.comparingInt(Trace::device).thenComparing(Trace::name);
    }

    private final int capacity;
    private final Map<Trace, ArrayDeque<PowerPoint>> traces = new TreeMap<>(Trace.ORDER);
    private final Map<Trace, Double> lastPower = new TreeMap<>(Trace.ORDER);
    private final Map<Trace, Double> lastTemperature = new TreeMap<>(Trace.ORDER);

    /** @param capacity readings kept per trace; the oldest go first */
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
            Trace trace = new Trace(s.device(), "GPU " + s.device());
            if (s.powerW() != null) {
                add(trace, seconds.applyAsDouble(s.tNanos()), s.powerW());
            }
            if (s.temperatureC() != null) {
                lastTemperature.put(trace, s.temperatureC());
            }
        }
    }

    /** A reading of a named trace at {@code tSeconds} of the run. */
    void add(String name, double tSeconds, double watts) {
        add(new Trace(-1, name), tSeconds, watts);
    }

    private void add(Trace key, double tSeconds, double watts) {
        ArrayDeque<PowerPoint> trace = traces.computeIfAbsent(key, d -> new ArrayDeque<>());
        trace.addLast(new PowerPoint(tSeconds, watts));
        while (trace.size() > capacity) {
            trace.removeFirst();
        }
        lastPower.put(key, watts);
    }

    /** A named trace's source stopped drawing: its last reading no longer counts in the power now. */
    void stopped(String name) {
        lastPower.remove(new Trace(-1, name));
    }

    /** Every source stopped (the run ended): no power now, the traces stay. */
    void stoppedAll() {
        lastPower.clear();
    }

    /** One trace per device in device order, then the named ones in name order (numbered on); oldest first. */
    List<GpuTrace> traces() {
        List<GpuTrace> out = new ArrayList<>(traces.size());
        traces.forEach((key, trace) -> out.add(new GpuTrace(key.device() >= 0 ? key.device() : out.size(), key.name(),
                List.copyOf(trace))));
        return out;
    }

    /** The traces' last power readings summed; NaN before any. */
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

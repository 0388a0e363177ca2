package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One edge of a bracket: the counter values of the selected devices at the edge time, aligned to the counter's
 * ticks when the meter quantises it (see {@link EdgeAlignment} and decision record 0002).
 *
 * @param atNanos  the edge time (when the first reading was taken)
 * @param reading  that first reading, also recorded as a power sample
 * @param energyJ  per selected device, the counter value at {@code atNanos}; absent for a device without a value
 * @param truthJ   per device, the exact energy at the edge (simulated meters), else empty
 * @param unticked devices whose counter did not tick within the alignment bound (left unaligned)
 */
record CounterEdge(long atNanos, MeterReading reading, Map<Integer, Double> energyJ, Map<Integer, Double> truthJ,
                   List<Integer> unticked) {

    /**
     * The first reading of an edge: its instant is the edge time. Taken apart from the alignment so a bracket can
     * fix the edge time first and then stop its sampler (whose join could otherwise delay the edge).
     *
     * @param truthJ the ground truth at that reading (simulated meters), taken on the same thread right after it
     */
    record First(MeterReading reading, Map<Integer, Double> truthJ) {
        static First read(EnergyMeter meter) {
            MeterReading reading = meter.read();
            return new First(reading, meter instanceof GroundTruthMeter g ? Map.copyOf(g.truthAtLastReadJ()) : Map.of());
        }
    }

    static CounterEdge read(EnergyMeter meter, Clock clock, List<Integer> devices, EdgeAlignment alignment)
            throws InterruptedException {
        return complete(meter, clock, devices, alignment, First.read(meter));
    }

    /** Completes an edge from its first reading: the counter values, aligned to the next tick when the meter ticks. */
    static CounterEdge complete(EnergyMeter meter, Clock clock, List<Integer> devices, EdgeAlignment alignment,
                                First start) throws InterruptedException {
        MeterReading first = start.reading();
        Optional<Map<Integer, Double>> late = meter.counterAt(first.atNanos());
        if (late.isPresent()) {
            Map<Integer, Double> known = new LinkedHashMap<>();
            devices.stream().filter(late.get()::containsKey).forEach(d -> known.put(d, late.get().get(d)));
            return new CounterEdge(first.atNanos(), first, known, start.truthJ(), List.of());
        }
        Map<Integer, Double> energy = new LinkedHashMap<>();
        Map<Integer, DeviceReading> byDevice = index(first);
        for (int d : devices) {
            DeviceReading r = byDevice.get(d);
            if (r != null && r.energyJ() != null) {
                energy.put(d, r.energyJ());
            }
        }
        Optional<Duration> period = alignment.periodFor(meter);
        List<Integer> unticked = period.isPresent()
                ? align(meter, clock, first, energy, period.get(), alignment.pollIntervalFor(period.get()))
                : List.of();
        return new CounterEdge(first.atNanos(), first, energy, start.truthJ(), unticked);
    }

    /** Polls until every device's counter ticks, replacing its edge value by the back-corrected tick value. */
    private static List<Integer> align(EnergyMeter meter, Clock clock, MeterReading first,
                                       Map<Integer, Double> energy, Duration period, Duration pollInterval)
            throws InterruptedException {
        long edge = first.atNanos();
        long deadline = edge + (long) (period.toNanos() * EdgeAlignment.BOUND_FACTOR);
        Map<Integer, Double> before = new HashMap<>(energy);
        Map<Integer, Double> firstPower = new HashMap<>();
        index(first).forEach((d, r) -> firstPower.put(d, r.powerW()));
        List<Integer> pending = new ArrayList<>(energy.keySet());
        long previousPoll = edge;
        long nextPoll = edge + pollInterval.toNanos();
        while (!pending.isEmpty() && clock.nanoTime() < deadline) {
            clock.sleepUntil(nextPoll);
            MeterReading r = meter.read();
            Map<Integer, DeviceReading> now = index(r);
            for (var it = pending.iterator(); it.hasNext(); ) {
                int d = it.next();
                DeviceReading dr = now.get(d);
                if (dr == null || dr.energyJ() == null || dr.energyJ().equals(before.get(d))) {
                    continue;
                }
                long tickNanos = previousPoll + (r.atNanos() - previousPoll) / 2;
                Double power = dr.powerW() != null ? dr.powerW() : firstPower.get(d);
                double corrected = power == null
                        ? before.get(d)
                        : dr.energyJ() - power * ((tickNanos - edge) / 1e9);
                energy.put(d, Math.max(before.get(d), Math.min(dr.energyJ(), corrected)));
                it.remove();
            }
            previousPoll = r.atNanos();
            nextPoll = Math.max(nextPoll + pollInterval.toNanos(), clock.nanoTime());
        }
        return List.copyOf(pending);
    }

    static Map<Integer, DeviceReading> index(MeterReading reading) {
        Map<Integer, DeviceReading> byDevice = new HashMap<>();
        for (DeviceReading r : reading.devices()) {
            byDevice.put(r.device(), r);
        }
        return byDevice;
    }
}

package io.joulebench.core.energy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds a {@link BracketResult} from the two edges and the samples in between. */
final class BracketResults {

    private BracketResults() {
    }

    static BracketResult of(EnergyMeter meter, List<Integer> devices, CounterEdge opening, CounterEdge closing,
                            Instant startUtc, Instant endUtc, List<PowerSample> samples, TickWatch.Ticks ticks) {
        Map<Integer, Double> integrated = PowerIntegral.perDeviceJ(samples);
        boolean counter = meter.hasEnergyCounter();
        List<String> warnings = new ArrayList<>(meter.warnings());
        List<Double> perDevice = new ArrayList<>(devices.size());
        for (int d : devices) {
            perDevice.add(counter ? delta(meter, opening.energyJ(), closing.energyJ(), d, warnings)
                    : integrated.get(d));
        }
        warnings.addAll(meter.windowNotes(opening.atNanos(), closing.atNanos()));
        unticked(meter, "opening", opening, warnings);
        unticked(meter, "closing", closing, warnings);
        Double energy = perDevice.contains(null) ? null : perDevice.stream().mapToDouble(Double::doubleValue).sum();
        Double integratedJ = integrated.isEmpty() ? null : devices.stream()
                .filter(integrated::containsKey).mapToDouble(integrated::get).sum();
        Double truth = truth(devices, opening.truthJ(), closing.truthJ());
        List<DeviceInfo> infos = meter.devices().stream().filter(i -> devices.contains(i.index()))
                .sorted((a, b) -> Integer.compare(devices.indexOf(a.index()), devices.indexOf(b.index()))).toList();
        return new BracketResult(new BracketResult.Span(opening.atNanos(), closing.atNanos(), startUtc, endUtc),
                new BracketResult.Provenance(meter.source(), meter.kind(), meter.method(), infos,
                        WindowTelemetry.of(devices, samples, ticks)), energy, perDevice,
                integratedJ, truth, samples, warnings.stream().distinct().toList());
    }

    /**
     * The counter's increase; null with a warning when it went backwards. Meters unwrap the wraps they know
     * (RAPL's {@code max_energy_range_uj}), so a decrease here is a reset (driver reload, exporter restart) or an
     * unknown wrap: its size is unknowable, and 0 J would pass for a measurement.
     */
    private static Double delta(EnergyMeter meter, Map<Integer, Double> start, Map<Integer, Double> end, int device,
                                List<String> warnings) {
        Double a = start.get(device);
        Double b = end.get(device);
        if (a == null || b == null) {
            return null;
        }
        if (b < a) {
            warnings.add(String.format(Locale.ROOT, "%s device %d: counter went backwards (%.3f J to %.3f J): reset"
                    + " or wrap; the window's energy is unknown", meter.source(), device, a, b));
            return null;
        }
        return b - a;
    }

    private static void unticked(EnergyMeter meter, String which, CounterEdge edge, List<String> warnings) {
        for (int d : edge.unticked()) {
            warnings.add(String.format(Locale.ROOT, "%s device %d: counter did not tick within %.1f update periods at"
                    + " the %s edge; edge left unaligned (up to one update period of energy off)", meter.source(), d,
                    EdgeAlignment.BOUND_FACTOR, which));
        }
    }

    private static Double truth(List<Integer> devices, Map<Integer, Double> start, Map<Integer, Double> end) {
        if (start.isEmpty() || end.isEmpty()) {
            return null;
        }
        double sum = 0;
        for (int d : devices) {
            Double a = start.get(d);
            Double b = end.get(d);
            if (a == null || b == null) {
                return null;
            }
            sum += b - a;
        }
        return sum;
    }
}

package io.joulebench.core.energy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds a {@link BracketResult} from the two edges and the samples in between. */
final class BracketResults {

    private BracketResults() {
    }

    static BracketResult of(EnergyMeter meter, List<Integer> devices, CounterEdge opening, CounterEdge closing,
                            Instant startUtc, Instant endUtc, List<PowerSample> samples) {
        double seconds = Math.max(0, closing.atNanos() - opening.atNanos()) / 1e9;
        Map<Integer, Double> integrated = PowerIntegral.perDeviceJ(samples);
        boolean counter = meter.hasEnergyCounter();
        List<Double> perDevice = new ArrayList<>(devices.size());
        for (int d : devices) {
            perDevice.add(counter ? delta(opening.energyJ(), closing.energyJ(), d) : integrated.get(d));
        }
        Double energy = perDevice.contains(null) ? null : perDevice.stream().mapToDouble(Double::doubleValue).sum();
        Double integratedJ = integrated.isEmpty() ? null : devices.stream()
                .filter(integrated::containsKey).mapToDouble(integrated::get).sum();
        Double relDiff = counter && energy != null && energy > 0 && integratedJ != null
                ? (integratedJ - energy) / energy : null;
        Double meanPower = energy != null && seconds > 0 ? energy / seconds : null;
        Double truth = truth(devices, opening.truthJ(), closing.truthJ());
        List<DeviceInfo> infos = meter.devices().stream().filter(i -> devices.contains(i.index()))
                .sorted((a, b) -> Integer.compare(devices.indexOf(a.index()), devices.indexOf(b.index()))).toList();
        return new BracketResult(opening.atNanos(), closing.atNanos(), startUtc, endUtc, meter.source(), meter.kind(),
                meter.method(), infos, energy, perDevice, integratedJ, relDiff, meanPower, truth, samples);
    }

    private static Double delta(Map<Integer, Double> start, Map<Integer, Double> end, int device) {
        Double a = start.get(device);
        Double b = end.get(device);
        return a == null || b == null ? null : Math.max(0, b - a);
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

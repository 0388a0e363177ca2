package io.joulebench.core.warmup;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.stats.PowerSeries;
import io.joulebench.core.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The composite warmup gate's observables (spec §3.2). Pure functions of a sample history, so they run on any
 * thread and are tested directly.
 * <ul>
 *   <li><b>power plateau</b>, on a 1 Hz decimated view: at least 8 cleaned samples, and the trailing sliding
 *       window of the offline detector (size max(4, ⌊0.2·n⌋)) has CV ≤ 0.05, i.e. a steady-state onset exists and
 *       holds through the end. Judged per device, every device must plateau (pooling GPUs that draw different
 *       power would never plateau);</li>
 *   <li><b>temperature settled</b>, per device: a history of at least 90 s, and over the trailing 90 s at least
 *       2 readings whose range is under 2 °C. No temperature data ⇒ false;</li>
 *   <li><b>throttle clear</b>, at full cadence: samples exist and none in the trailing 30 s is throttled.</li>
 * </ul>
 */
public final class WarmupGate {

    public static final double PLATEAU_CV = 0.05;
    public static final int MIN_PLATEAU_SAMPLES = 8;
    public static final long VIEW_PERIOD_NANOS = 1_000_000_000L;
    public static final long TEMPERATURE_HISTORY_NANOS = 90_000_000_000L;
    public static final double TEMPERATURE_RANGE_C = 2.0;
    public static final long THROTTLE_WINDOW_NANOS = 30_000_000_000L;

    private WarmupGate() {
    }

    public static WarmupObservables evaluate(List<PowerSample> samples) {
        return new WarmupObservables(powerPlateau(decimate(samples, VIEW_PERIOD_NANOS)),
                temperatureSettled(samples), throttleClear(samples));
    }

    /** Per device, keeps a sample when ≥ {@code periodNanos} passed since the last kept one; the newest always. */
    public static List<PowerSample> decimate(List<PowerSample> samples, long periodNanos) {
        List<PowerSample> view = new ArrayList<>();
        byDevice(samples).forEach((device, list) -> {
            long lastKept = Long.MIN_VALUE;
            for (int i = 0; i < list.size(); i++) {
                PowerSample s = list.get(i);
                boolean newest = i == list.size() - 1;
                if (lastKept == Long.MIN_VALUE || s.tNanos() - lastKept >= periodNanos || newest) {
                    view.add(s);
                    lastKept = s.tNanos();
                }
            }
        });
        view.sort(Comparator.comparingLong(PowerSample::tNanos));
        return view;
    }

    public static boolean powerPlateau(List<PowerSample> view) {
        Map<Integer, double[]> watts = PowerSeries.clean(view).wattsByDevice();
        if (watts.isEmpty()) {
            return false;
        }
        for (double[] p : watts.values()) {
            int n = p.length;
            int window = Math.max(4, (int) Math.floor(0.2 * n));
            if (n < MIN_PLATEAU_SAMPLES || window >= n
                    || Stats.populationCv(Arrays.copyOfRange(p, n - window, n)) > PLATEAU_CV) {
                return false;
            }
        }
        return true;
    }

    public static boolean temperatureSettled(List<PowerSample> samples) {
        boolean any = false;
        for (List<PowerSample> list : byDevice(samples).values()) {
            List<PowerSample> temps = list.stream()
                    .filter(s -> s.temperatureC() != null && Double.isFinite(s.temperatureC())).toList();
            if (temps.isEmpty()) {
                continue;
            }
            any = true;
            long newest = temps.getLast().tNanos();
            if (newest - temps.getFirst().tNanos() < TEMPERATURE_HISTORY_NANOS) {
                return false;
            }
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            int count = 0;
            for (PowerSample s : temps) {
                if (s.tNanos() >= newest - TEMPERATURE_HISTORY_NANOS) {
                    min = Math.min(min, s.temperatureC());
                    max = Math.max(max, s.temperatureC());
                    count++;
                }
            }
            if (count < 2 || max - min >= TEMPERATURE_RANGE_C) {
                return false;
            }
        }
        return any;
    }

    public static boolean throttleClear(List<PowerSample> samples) {
        if (samples.isEmpty()) {
            return false;
        }
        long newest = samples.stream().mapToLong(PowerSample::tNanos).max().orElseThrow();
        return samples.stream().noneMatch(s -> s.tNanos() >= newest - THROTTLE_WINDOW_NANOS
                && Boolean.TRUE.equals(s.throttled()));
    }

    private static Map<Integer, List<PowerSample>> byDevice(List<PowerSample> samples) {
        Map<Integer, List<PowerSample>> out = new TreeMap<>();
        for (PowerSample s : samples) {
            out.computeIfAbsent(s.device(), d -> new ArrayList<>()).add(s);
        }
        out.values().forEach(l -> l.sort(Comparator.comparingLong(PowerSample::tNanos)));
        return out;
    }
}

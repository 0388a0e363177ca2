package io.joulebench.core.stats;

import io.joulebench.core.energy.PowerSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cleaned power timeseries and their integrals (spec §2.4): samples with a null or non-positive power are dropped,
 * each device's power goes through a 3-point median filter (window [i−1, i+1] clipped at the ends, timestamps
 * kept), and energy is the trapezoidal integral per device, summed over devices. Sub-intervals are integrated with
 * linear interpolation at their edges.
 */
public final class PowerSeries {

    private final Map<Integer, long[]> times;
    private final Map<Integer, double[]> watts;
    private final long first;
    private final long last;
    private final int size;

    private PowerSeries(Map<Integer, long[]> times, Map<Integer, double[]> watts) {
        this.times = times;
        this.watts = watts;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        int n = 0;
        for (long[] t : times.values()) {
            lo = Math.min(lo, t[0]);
            hi = Math.max(hi, t[t.length - 1]);
            n += t.length;
        }
        this.first = lo;
        this.last = hi;
        this.size = n;
    }

    /** Cleans {@code samples} (any order, any devices). */
    public static PowerSeries clean(List<PowerSample> samples) {
        Map<Integer, List<PowerSample>> byDevice = new TreeMap<>();
        for (PowerSample s : samples) {
            if (s.powerW() != null && s.powerW() > 0 && Double.isFinite(s.powerW())) {
                byDevice.computeIfAbsent(s.device(), d -> new ArrayList<>()).add(s);
            }
        }
        Map<Integer, long[]> times = new TreeMap<>();
        Map<Integer, double[]> watts = new TreeMap<>();
        byDevice.forEach((device, list) -> {
            list.sort(Comparator.comparingLong(PowerSample::tNanos));
            long[] t = new long[list.size()];
            double[] raw = new double[list.size()];
            for (int i = 0; i < t.length; i++) {
                t[i] = list.get(i).tNanos();
                raw[i] = list.get(i).powerW();
            }
            times.put(device, t);
            watts.put(device, median3(raw));
        });
        return new PowerSeries(times, watts);
    }

    static double[] median3(double[] raw) {
        double[] out = new double[raw.length];
        for (int i = 0; i < raw.length; i++) {
            double[] w = Arrays.copyOfRange(raw, Math.max(0, i - 1), Math.min(raw.length, i + 2));
            Arrays.sort(w);
            out[i] = w[w.length / 2];
        }
        return out;
    }

    /** Cleaned samples over all devices. */
    public int size() {
        return size;
    }

    /** Earliest cleaned timestamp over all devices; meaningless when {@link #size()} is 0. */
    public long firstNanos() {
        return first;
    }

    public long lastNanos() {
        return last;
    }

    /** Per-device cleaned power in time order, for the warmup gate. */
    public Map<Integer, double[]> wattsByDevice() {
        return watts;
    }

    /** Energy over the whole cleaned series, or null with fewer than 2 cleaned samples. */
    public Double energyJ() {
        return size < 2 ? null : energyJ(first, last);
    }

    /** Energy between {@code fromNanos} and {@code toNanos}, summed over devices, edges interpolated. */
    public double energyJ(long fromNanos, long toNanos) {
        double total = 0;
        for (Map.Entry<Integer, long[]> e : times.entrySet()) {
            total += integrate(e.getValue(), watts.get(e.getKey()), fromNanos, toNanos);
        }
        return total;
    }

    private static double integrate(long[] t, double[] p, long from, long to) {
        double joules = 0;
        for (int i = 0; i + 1 < t.length; i++) {
            long a = Math.max(t[i], from);
            long b = Math.min(t[i + 1], to);
            if (b <= a) {
                continue;
            }
            double pa = interpolate(t[i], p[i], t[i + 1], p[i + 1], a);
            double pb = interpolate(t[i], p[i], t[i + 1], p[i + 1], b);
            joules += (pa + pb) / 2 * ((b - a) / 1e9);
        }
        return joules;
    }

    private static double interpolate(long t0, double p0, long t1, double p1, long t) {
        return t1 == t0 ? p0 : p0 + (p1 - p0) * ((double) (t - t0) / (t1 - t0));
    }
}

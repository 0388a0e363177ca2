package io.joulebench.core.energy;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The real-GPU check: what the NVML binding reads on this machine, measured rather than assumed, and whether each
 * reading is plausible. Per GPU: identity, architecture, enforced power limit, SM clock against its maximum,
 * temperature, instant and averaged power, the energy counter's update period (polled at about 1 ms, the median gap
 * between changes), and over a steady interval the counter's energy against polled power integrated by the
 * trapezoid rule. {@link Report#plausible()} is false when any reading is out of the physical range (a counter
 * that runs backwards or never moves, power above 1.5 times the limit, a temperature outside 5–110 °C, an SM
 * clock above its maximum, counter and integrated power 10 % or more apart). Instant against averaged power is
 * only a warning: they differ whenever the load changes within the averaging second.
 */
public final class NvmlGpuCheck {

    /** Counter against integrated power: a warning from here, a failure from {@link #FAIL_REL_DIFF}. */
    static final double WARN_REL_DIFF = 0.05;
    public static final double FAIL_REL_DIFF = 0.10;
    /** Instant against the driver's averaged power: a warning above this share. */
    static final double POWER_FIELDS_REL_DIFF = 0.25;
    private static final Duration POLL = Duration.ofMillis(1);
    private static final Duration POWER_POLL = Duration.ofMillis(20);

    public enum Verdict { OK, WARN, FAIL }

    /** One checked reading of one GPU. */
    public record Finding(int gpu, String reading, Verdict verdict, String detail) {
    }

    /** What was read from one GPU; a null field is one the driver did not answer. */
    public record Device(DeviceInfo info, String architecture, Double powerLimitW, Integer smClockMhz,
                         Integer smClockMaxMhz, Double temperatureC, Double instantPowerW, Double averagePowerW,
                         Double counterUpdatePeriodMs, Double counterEnergyJ, Double integratedEnergyJ,
                         Double counterVsIntegratedRelDiff) {
    }

    public record Report(String driverVersion, double steadySeconds, List<Device> devices,
                         List<Finding> findings) {

        @com.fasterxml.jackson.annotation.JsonProperty("plausible")
        public boolean plausible() {
            return findings.stream().noneMatch(f -> f.verdict() == Verdict.FAIL);
        }
    }

    private record Gpu(DeviceInfo info, Pointer handle, boolean instant) {
    }

    private NvmlGpuCheck() {
    }

    /**
     * Runs the check on the GPUs with these indices (empty: all) of {@code library} ({@code nvidia-ml} for the
     * system's); spends about {@code periodProbe + steady} polling.
     */
    public static Report run(String library, List<Integer> gpuIndices, Duration periodProbe, Duration steady,
                             Clock clock) throws InterruptedException {
        NvmlLibrary nvml = NvmlEnergyMeter.loadAndInit(library);
        try {
            List<Gpu> gpus = open(nvml, gpuIndices);
            double[] periods = counterPeriods(nvml, gpus, periodProbe, clock);
            double[][] steadyEnergy = steady(nvml, gpus, steady, clock);
            List<Device> devices = new ArrayList<>();
            for (int i = 0; i < gpus.size(); i++) {
                devices.add(describe(nvml, gpus.get(i), periods[i], steadyEnergy[i]));
            }
            return new Report(NvmlFacts.driverVersion(nvml), steady.toNanos() / 1e9, devices, judge(devices));
        } finally {
            nvml.nvmlShutdown();
        }
    }

    /** The findings for what was read: pure, so the plausibility rules are tested without a driver. */
    static List<Finding> judge(List<Device> devices) {
        List<Finding> out = new ArrayList<>();
        for (Device d : devices) {
            int g = d.info().index();
            if (d.counterEnergyJ() == null) {
                out.add(new Finding(g, "energy counter", Verdict.WARN, "no energy counter: energy is integrated"
                        + " from polled power (pre-Volta GPU or old driver)"));
            } else if (d.counterEnergyJ() < 0) {
                out.add(new Finding(g, "energy counter", Verdict.FAIL, "the counter ran backwards"));
            } else if (d.counterUpdatePeriodMs() == null) {
                out.add(new Finding(g, "energy counter", Verdict.FAIL, "the counter did not change while polled"));
            } else if (d.counterUpdatePeriodMs() > 1000) {
                out.add(new Finding(g, "energy counter", Verdict.FAIL, String.format(java.util.Locale.ROOT,
                        "the counter updates every %.0f ms (expected about 100)", d.counterUpdatePeriodMs())));
            } else {
                out.add(new Finding(g, "energy counter", Verdict.OK, String.format(java.util.Locale.ROOT,
                        "updates every %.1f ms", d.counterUpdatePeriodMs())));
            }
            Double power = d.instantPowerW() != null ? d.instantPowerW() : d.averagePowerW();
            double ceiling = d.powerLimitW() != null ? 1.5 * d.powerLimitW() : 2000;
            if (power == null) {
                out.add(new Finding(g, "power", Verdict.FAIL, "no power reading"));
            } else if (!(power > 0) || power > ceiling) {
                out.add(new Finding(g, "power", Verdict.FAIL, String.format(java.util.Locale.ROOT,
                        "%.1f W is outside (0, %.0f] W", power, ceiling)));
            } else {
                out.add(new Finding(g, "power", Verdict.OK, String.format(java.util.Locale.ROOT, "%.1f W", power)));
            }
            if (d.instantPowerW() != null && d.averagePowerW() != null && d.averagePowerW() > 0) {
                double rel = Math.abs(d.instantPowerW() - d.averagePowerW()) / d.averagePowerW();
                out.add(new Finding(g, "instant vs averaged power",
                        rel > POWER_FIELDS_REL_DIFF ? Verdict.WARN : Verdict.OK, String.format(java.util.Locale.ROOT,
                        "%.1f W vs %.1f W (%.0f %%)%s", d.instantPowerW(), d.averagePowerW(), 100 * rel,
                        rel > POWER_FIELDS_REL_DIFF ? ": the load changed within the averaging second?" : "")));
            }
            if (d.counterVsIntegratedRelDiff() != null) {
                double rel = Math.abs(d.counterVsIntegratedRelDiff());
                Verdict v = rel >= FAIL_REL_DIFF ? Verdict.FAIL : rel >= WARN_REL_DIFF ? Verdict.WARN : Verdict.OK;
                out.add(new Finding(g, "counter vs integrated power", v, String.format(java.util.Locale.ROOT,
                        "%.2f J vs %.2f J (%+.1f %%)", d.counterEnergyJ(), d.integratedEnergyJ(),
                        100 * d.counterVsIntegratedRelDiff())));
            }
            if (d.temperatureC() == null) {
                out.add(new Finding(g, "temperature", Verdict.WARN, "no temperature reading"));
            } else if (d.temperatureC() < 5 || d.temperatureC() > 110) {
                out.add(new Finding(g, "temperature", Verdict.FAIL, d.temperatureC() + " °C is outside 5–110 °C"));
            } else {
                out.add(new Finding(g, "temperature", Verdict.OK, d.temperatureC() + " °C"));
            }
            if (d.smClockMhz() != null && d.smClockMaxMhz() != null) {
                boolean above = d.smClockMhz() > d.smClockMaxMhz() * 1.05;
                out.add(new Finding(g, "SM clock", above ? Verdict.FAIL : Verdict.OK,
                        d.smClockMhz() + " MHz of at most " + d.smClockMaxMhz() + " MHz"));
            }
        }
        return out;
    }

    private static List<Gpu> open(NvmlLibrary nvml, List<Integer> gpuIndices) {
        IntByReference count = new IntByReference();
        NvmlEnergyMeter.check(nvml, nvml.nvmlDeviceGetCount_v2(count), "counting GPUs");
        List<Integer> selection = new ArrayList<>(gpuIndices);
        if (selection.isEmpty()) {
            selection = java.util.stream.IntStream.range(0, count.getValue()).boxed().toList();
        }
        if (selection.isEmpty()) {
            throw new MeterException("NVML sees no GPUs on this machine");
        }
        List<Gpu> gpus = new ArrayList<>();
        for (int index : selection) {
            if (index < 0 || index >= count.getValue()) {
                throw new MeterException("GPU index " + index + " not found: NVML sees " + count.getValue()
                        + " GPU(s)");
            }
            PointerByReference ref = new PointerByReference();
            NvmlEnergyMeter.check(nvml, nvml.nvmlDeviceGetHandleByIndex_v2(index, ref), "opening GPU " + index);
            Pointer h = ref.getValue();
            DeviceInfo info = new DeviceInfo(index, NvmlEnergyMeter.text(nvml, h, true),
                    NvmlEnergyMeter.text(nvml, h, false));
            gpus.add(new Gpu(info, h, optional(() -> NvmlEnergyMeter.instantPowerMw(nvml, h)) != null));
        }
        return gpus;
    }

    /** Per GPU, the median gap in ms between changes of the energy counter, or null (no counter, or it never moved). */
    private static double[] counterPeriods(NvmlLibrary nvml, List<Gpu> gpus, Duration probe, Clock clock)
            throws InterruptedException {
        int n = gpus.size();
        Long[] last = new Long[n];
        long[] lastChange = new long[n];
        List<List<Long>> gaps = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            gaps.add(new ArrayList<>());
            lastChange[i] = -1;
        }
        long end = clock.nanoTime() + probe.toNanos();
        for (long now = clock.nanoTime(); now < end; now = clock.nanoTime()) {
            for (int i = 0; i < n; i++) {
                Long mj = counter(nvml, gpus.get(i));
                if (mj != null && last[i] != null && !mj.equals(last[i])) {
                    if (lastChange[i] >= 0) {
                        gaps.get(i).add(now - lastChange[i]);
                    }
                    lastChange[i] = now;
                }
                last[i] = mj;
            }
            clock.sleep(POLL);
        }
        double[] periods = new double[n];
        for (int i = 0; i < n; i++) {
            long[] g = gaps.get(i).stream().mapToLong(Long::longValue).sorted().toArray();
            periods[i] = g.length == 0 ? Double.NaN : g[g.length / 2] / 1e6;
        }
        return periods;
    }

    /** Per GPU {counter J, integrated J} over {@code steady}; counter J is NaN without a counter. */
    private static double[][] steady(NvmlLibrary nvml, List<Gpu> gpus, Duration steady, Clock clock)
            throws InterruptedException {
        int n = gpus.size();
        Long[] first = new Long[n];
        double[] integrated = new double[n];
        double[] lastW = new double[n];
        Arrays.fill(lastW, Double.NaN);
        long start = clock.nanoTime();
        for (int i = 0; i < n; i++) {
            first[i] = counter(nvml, gpus.get(i));
        }
        long lastT = start;
        long end = start + steady.toNanos();
        while (true) {
            long now = clock.nanoTime();
            for (int i = 0; i < n; i++) {
                Double w = power(nvml, gpus.get(i));
                if (w != null) {
                    integrated[i] += Double.isNaN(lastW[i]) ? 0 : (lastW[i] + w) / 2 * (now - lastT) / 1e9;
                    lastW[i] = w;
                }
            }
            lastT = now;
            if (now >= end) {
                break;
            }
            clock.sleep(POWER_POLL);
        }
        double[][] out = new double[n][2];
        for (int i = 0; i < n; i++) {
            Long last = counter(nvml, gpus.get(i));
            out[i][0] = first[i] == null || last == null ? Double.NaN : (last - first[i]) / 1000.0;
            out[i][1] = integrated[i];
        }
        return out;
    }

    private static Device describe(NvmlLibrary nvml, Gpu gpu, double period, double[] energy) {
        Pointer h = gpu.handle();
        Integer temp = NvmlFacts.intValue(r -> nvml.nvmlDeviceGetTemperature(h, NvmlLibrary.TEMPERATURE_GPU, r));
        Long instant = gpu.instant() ? optional(() -> NvmlEnergyMeter.instantPowerMw(nvml, h)) : null;
        Integer average = NvmlFacts.intValue(r -> nvml.nvmlDeviceGetPowerUsage(h, r));
        Double counterJ = Double.isNaN(energy[0]) ? null : energy[0];
        Double rel = counterJ == null || !(energy[1] > 0) ? null : (counterJ - energy[1]) / energy[1];
        return new Device(gpu.info(), NvmlFacts.architecture(nvml, h), NvmlFacts.powerLimitW(nvml, h),
                NvmlFacts.smClockMhz(nvml, h), NvmlFacts.smClockMaxMhz(nvml, h),
                temp == null ? null : temp.doubleValue(), instant == null ? null : instant / 1000.0,
                average == null ? null : Integer.toUnsignedLong(average) / 1000.0,
                Double.isNaN(period) ? null : period, counterJ, energy[1], rel);
    }

    private static Long counter(NvmlLibrary nvml, Gpu gpu) {
        LongByReference mj = new LongByReference();
        try {
            return nvml.nvmlDeviceGetTotalEnergyConsumption(gpu.handle(), mj) == NvmlLibrary.SUCCESS
                    ? mj.getValue() : null;
        } catch (UnsatisfiedLinkError e) {
            return null;
        }
    }

    /** Instant power where the GPU has it, else the averaged; watts, or null. */
    private static Double power(NvmlLibrary nvml, Gpu gpu) {
        Long mw = gpu.instant() ? optional(() -> NvmlEnergyMeter.instantPowerMw(nvml, gpu.handle())) : null;
        if (mw == null) {
            Integer avg = NvmlFacts.intValue(r -> nvml.nvmlDeviceGetPowerUsage(gpu.handle(), r));
            return avg == null ? null : Integer.toUnsignedLong(avg) / 1000.0;
        }
        return mw / 1000.0;
    }

    private static <T> T optional(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (UnsatisfiedLinkError e) {
            return null;
        }
    }
}

package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * An estimate, not a measurement: power = idle watts + watts per core × cores busy, where cores busy is the rate of
 * the target's CPU time (process tree, cgroup or machine) over the last ≥ 50 ms. There is no counter, so brackets
 * integrate the power ({@code method = integrated-power}) and the kind is {@code estimated}. The only live figure on
 * a machine without RAPL or GPUs.
 */
public final class CpuEstimateMeter implements KnownSourceMeter {

    private static final long MIN_SPAN_NANOS = 50_000_000L;

    /**
     * @param wattsPerCore   power of one fully busy core above idle
     * @param idleWatts      power attributed to the target at zero CPU use
     * @param procRoot       /proc (tests point it at a fake tree)
     * @param ticksPerSecond USER_HZ of /proc/PID/stat and /proc/stat (100 on Linux)
     */
    public record Options(double wattsPerCore, double idleWatts, Path procRoot, long ticksPerSecond) {
        public Options {
            if (!(wattsPerCore >= 0) || !(idleWatts >= 0)) {
                throw new IllegalArgumentException("watts per core and idle watts must be ≥ 0");
            }
            Objects.requireNonNull(procRoot, "procRoot");
            if (ticksPerSecond <= 0) {
                throw new IllegalArgumentException("ticks per second must be > 0");
            }
        }

        public static Options defaults() {
            return new Options(DEFAULT_WATTS_PER_CORE, DEFAULT_IDLE_WATTS, Path.of("/proc"), 100);
        }

        public Options withWatts(double perCore, double idle) {
            return new Options(perCore, idle, procRoot, ticksPerSecond);
        }
    }

    /** A study's and {@code joulebench meter}'s default watts per busy core. */
    public static final double DEFAULT_WATTS_PER_CORE = 10.0;
    public static final double DEFAULT_IDLE_WATTS = 0.0;

    private final CpuTimeSource target;
    private final Clock clock;
    private final Options options;
    private final DeviceInfo device;
    private long refNanos;
    private double refCpu;
    private double lastCpu;
    private double powerW;
    private boolean closed;

    private CpuEstimateMeter(CpuTimeSource target, Clock clock, Options options) {
        this.target = target;
        this.clock = clock;
        this.options = options;
        this.device = new DeviceInfo(0, "CPU estimate: " + target.describe(), null);
        this.refNanos = clock.nanoTime();
        this.refCpu = cpuSeconds();
        this.lastCpu = refCpu;
        this.powerW = options.idleWatts();
    }

    public static CpuEstimateMeter open(CpuTimeSource target, Clock clock, Options options) {
        return new CpuEstimateMeter(target, clock, options);
    }

    private double cpuSeconds() {
        try {
            return target.cpuSeconds(options.procRoot(), options.ticksPerSecond());
        } catch (IOException | RuntimeException e) {
            if (e instanceof MeterException m) {
                throw m;
            }
            throw new MeterException("CPU time of " + target.describe() + " not readable: " + e.getMessage(), e);
        }
    }

    @Override
    public EnergySource energySource() {
        return EnergySource.CPU_ESTIMATE;
    }

    @Override
    public boolean hasEnergyCounter() {
        return false;
    }

    @Override
    public List<String> warnings() {
        return List.of(String.format(java.util.Locale.ROOT,
                "estimated from CPU time: %.1f W per busy core + %.1f W idle", options.wattsPerCore(),
                options.idleWatts()));
    }

    /** The assumptions behind the estimate: watts per core, idle watts, and whose CPU time it reads. */
    @Override
    public java.util.Map<String, Object> settings() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("watts_per_core", options.wattsPerCore());
        m.put("idle_watts", options.idleWatts());
        m.put("cpu_time_source", target.kind());
        m.put("cpu_target", target.describe());
        return m;
    }

    @Override
    public List<DeviceInfo> devices() {
        return List.of(device);
    }

    @Override
    public synchronized MeterReading read() {
        if (closed) {
            throw new MeterException("CPU estimate meter is closed");
        }
        long now = clock.nanoTime();
        // never decreasing, even when a tree member exits without being accounted to its parent
        lastCpu = Math.max(lastCpu, cpuSeconds());
        if (now - refNanos >= MIN_SPAN_NANOS) {
            double cores = (lastCpu - refCpu) / ((now - refNanos) / 1e9);
            powerW = options.idleWatts() + options.wattsPerCore() * Math.max(0, cores);
            refNanos = now;
            refCpu = lastCpu;
        }
        return new MeterReading(now, List.of(new DeviceReading(0, null, powerW, null, null)));
    }

    @Override
    public synchronized void close() {
        closed = true;
    }
}

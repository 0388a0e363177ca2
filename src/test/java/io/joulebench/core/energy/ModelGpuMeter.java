package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A test meter shaped like the reference engine's GPUs: power P_d(t) = base_d + swing·sin(2πt/T + d), an NVML-like
 * counter that holds the exact integral as of its last update (every {@code update}, shifted by {@code phase}), and
 * the exact integral as ground truth. Time comes from the given clock, so tests on a virtual clock are exact.
 */
public final class ModelGpuMeter implements GroundTruthMeter {

    private final Clock clock;
    private final double[] baseW;
    private final double swingW;
    private final double periodS;
    private final long updateNanos;
    private final long phaseNanos;
    private final boolean counter;
    /** Per reading thread, as the DCGM scraper's: a sampler's read must not replace an edge's truth. */
    private final ThreadLocal<Map<Integer, Double>> truth = ThreadLocal.withInitial(Map::of);
    private volatile boolean closed;

    public ModelGpuMeter(Clock clock, double[] baseW, double swingW, double periodS, Duration update, Duration phase,
                  boolean counter) {
        this.clock = clock;
        this.baseW = baseW.clone();
        this.swingW = swingW;
        this.periodS = periodS;
        this.updateNanos = update.toNanos();
        this.phaseNanos = phase.toNanos();
        this.counter = counter;
    }

    public static ModelGpuMeter constant(Clock clock, double... watts) {
        return new ModelGpuMeter(clock, watts, 0, 1, Duration.ofMillis(100), Duration.ZERO, true);
    }

    public double powerW(int d, long tNanos) {
        return baseW[d] + swingW * Math.sin(2 * Math.PI * (tNanos / 1e9) / periodS + d);
    }

    public double truthJ(int d, long tNanos) {
        double t = tNanos / 1e9;
        double w = 2 * Math.PI / periodS;
        return baseW[d] * t + swingW / w * (Math.cos(d) - Math.cos(w * t + d));
    }

    public double counterJ(int d, long tNanos) {
        long lastUpdate = Math.floorDiv(tNanos - phaseNanos, updateNanos) * updateNanos + phaseNanos;
        return truthJ(d, lastUpdate);
    }

    @Override
    public String source() {
        return "simulated";
    }

    @Override
    public EnergyKind kind() {
        return EnergyKind.SIMULATED;
    }

    @Override
    public boolean hasEnergyCounter() {
        return counter;
    }

    @Override
    public Optional<Duration> counterUpdatePeriod() {
        return Optional.of(Duration.ofNanos(updateNanos));
    }

    @Override
    public List<DeviceInfo> devices() {
        List<DeviceInfo> devices = new ArrayList<>();
        for (int d = 0; d < baseW.length; d++) {
            devices.add(new DeviceInfo(d, "Model GPU " + d, "GPU-model-" + d));
        }
        return devices;
    }

    @Override
    public MeterReading read() {
        if (closed) {
            throw new MeterException("model meter is closed");
        }
        long t = clock.nanoTime();
        List<DeviceReading> readings = new ArrayList<>();
        Map<Integer, Double> exact = new HashMap<>();
        for (int d = 0; d < baseW.length; d++) {
            readings.add(new DeviceReading(d, counter ? counterJ(d, t) : null, powerW(d, t), 60.0, false));
            exact.put(d, truthJ(d, t));
        }
        truth.set(Map.copyOf(exact));
        return new MeterReading(t, readings);
    }

    @Override
    public Map<Integer, Double> truthAtLastReadJ() {
        return truth.get();
    }

    @Override
    public void close() {
        closed = true;
    }
}

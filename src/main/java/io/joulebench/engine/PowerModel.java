package io.joulebench.engine;

import io.joulebench.core.time.Clock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Power, temperature and energy of the simulated GPUs, all sharing one batch occupancy. The state is advanced
 * piecewise-exactly: occupancy is constant between {@link #setOccupancy} calls, and every read evaluates the closed
 * form up to the clock's "now", so the exact energy is ∫P dt with no integration error. The NVML-like counter holds
 * the floor, in mJ, of the exact energy at the last tick of its update period (ticks at start + n·period).
 */
public final class PowerModel {

    private final PowerPhysics physics;
    private final Clock clock;
    private final long startNanos;
    private final long periodNanos;
    private final String[] uuids;
    private final double[] energyJ;
    private final double[] rise;
    private final long[] counterMj;
    private long lastNanos;
    private long lastTick;
    private double occupancy;

    public PowerModel(EngineProfile profile, int gpus, Clock clock, Duration thermalTimeConstant,
                      Duration counterPeriod, boolean thermalDrift, long seed) {
        this.physics = new PowerPhysics(profile, thermalTimeConstant.toNanos() / 1e9, thermalDrift);
        this.clock = clock;
        this.startNanos = clock.nanoTime();
        this.periodNanos = counterPeriod.toNanos();
        this.uuids = new String[gpus];
        this.energyJ = new double[gpus];
        this.rise = new double[gpus];
        this.counterMj = new long[gpus];
        for (int i = 0; i < gpus; i++) {
            uuids[i] = "GPU-" + UUID.nameUUIDFromBytes(("joulebench-sim/" + seed + "/" + i)
                    .getBytes(StandardCharsets.UTF_8));
            rise[i] = physics.steadyRise(0);
        }
        this.lastNanos = startNanos;
    }

    public PowerPhysics physics() {
        return physics;
    }

    public int gpuCount() {
        return uuids.length;
    }

    public String uuid(int gpu) {
        return uuids[gpu];
    }

    public long startNanos() {
        return startNanos;
    }

    /** Sets the batch occupancy u ∈ [0, 1] from now on (the state up to now is integrated at the old u). */
    public synchronized void setOccupancy(double u) {
        if (!(u >= 0 && u <= 1)) {
            throw new IllegalArgumentException("occupancy must be in [0, 1], got " + u);
        }
        advanceToNow();
        occupancy = u;
        if (!physics.drift()) {
            Arrays.fill(rise, physics.steadyRise(u));
        }
    }

    public synchronized double occupancy() {
        return occupancy;
    }

    public synchronized GpuReading read(int gpu) {
        advanceToNow();
        return reading(gpu);
    }

    /** All GPUs at one instant. */
    public synchronized List<GpuReading> readAll() {
        advanceToNow();
        List<GpuReading> out = new ArrayList<>(uuids.length);
        for (int i = 0; i < uuids.length; i++) {
            out.add(reading(i));
        }
        return out;
    }

    /** Ground truth: the exact energy of one GPU since start, in joules, evaluated now. */
    public double exactEnergyJoules(int gpu) {
        return read(gpu).exactEnergyJ();
    }

    /** Sum of the exact energy over all GPUs, in joules, evaluated now. */
    public synchronized double totalExactEnergyJoules() {
        advanceToNow();
        double sum = 0;
        for (double e : energyJ) {
            sum += e;
        }
        return sum;
    }

    private GpuReading reading(int gpu) {
        double x = rise[gpu];
        double temperature = physics.profile().ambientC() + x;
        return new GpuReading(gpu, uuids[gpu], lastNanos, energyJ[gpu], counterMj[gpu],
                physics.power(occupancy, x), temperature, temperature >= physics.profile().throttleC());
    }

    private void advanceToNow() {
        long now = clock.nanoTime();
        if (now <= lastNanos) {
            return;
        }
        long tick = (now - startNanos) / periodNanos;
        if (tick > lastTick) {
            double toTick = (startNanos + tick * periodNanos - lastNanos) / 1e9;
            for (int i = 0; i < uuids.length; i++) {
                long mj = (long) Math.floor((energyJ[i] + physics.energy(rise[i], occupancy, toTick)) * 1000);
                counterMj[i] = Math.max(counterMj[i], mj);
            }
            lastTick = tick;
        }
        double dt = (now - lastNanos) / 1e9;
        for (int i = 0; i < uuids.length; i++) {
            energyJ[i] += physics.energy(rise[i], occupancy, dt);
            rise[i] = physics.riseAfter(rise[i], occupancy, dt);
        }
        lastNanos = now;
    }
}

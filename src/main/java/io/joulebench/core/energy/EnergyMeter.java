package io.joulebench.core.energy;

import java.util.List;

/**
 * A source of energy, power, temperature and throttle readings for a set of devices. Implementations are named by
 * mechanism (NVML, RAPL, DCGM, CPU estimate, simulated) and all pass {@code EnergyMeterContract}.
 */
public interface EnergyMeter extends AutoCloseable {

    /** {@code nvml}, {@code rapl}, {@code dcgm}, {@code cpu-estimate} or {@code simulated}. */
    String source();

    EnergyKind kind();

    /** True when {@link DeviceReading#energyJ()} is a hardware (or simulated) counter, so brackets use deltas. */
    boolean hasEnergyCounter();

    default EnergyMethod method() {
        return hasEnergyCounter() ? EnergyMethod.COUNTER : EnergyMethod.INTEGRATED_POWER;
    }

    List<DeviceInfo> devices();

    /** Reads every device now. Throws {@link MeterException} after {@link #close()}. */
    MeterReading read();

    /** Idempotent. */
    @Override
    void close();
}

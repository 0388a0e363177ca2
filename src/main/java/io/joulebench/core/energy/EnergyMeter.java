package io.joulebench.core.energy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /**
     * How often the energy counter advances, when the source is known to quantise it (NVML and a DCGM exporter
     * about every 100 ms). Brackets use it to align their edges to counter ticks; empty means "no alignment".
     */
    default Optional<Duration> counterUpdatePeriod() {
        return Optional.empty();
    }

    /** Conditions a result should carry (a stale exporter, a fallback taken); empty when all is well. */
    default List<String> warnings() {
        return List.of();
    }

    /**
     * The settings and assumptions behind the figures, for the results (e.g. the GPU selection, the exporter's
     * collection interval, a CPU estimate's watts per core and what CPU time it reads). Values are numbers, strings,
     * booleans or lists of them; never secrets (no URLs). Empty by default.
     */
    default Map<String, Object> settings() {
        return Map.of();
    }

    /**
     * For a source that knows its counter only after the fact (a Prometheus server, which has the samples around an
     * instant once the next scrape has landed): the counter per device in joules at {@code atNanos}, blocking until
     * it is known. Empty (the default) means the bracket reads the counter live at the edge.
     */
    default Optional<Map<Integer, Double>> counterAt(long atNanos) throws InterruptedException {
        return Optional.empty();
    }

    /**
     * Sentences about the bracket from {@code startNanos} to {@code endNanos} that a reader needs to judge its figure
     * (a Prometheus source's edge uncertainty, a counter reset inside it); empty by default.
     */
    default List<String> windowNotes(long startNanos, long endNanos) {
        return List.of();
    }

    List<DeviceInfo> devices();

    /** Reads every device now. Throws {@link MeterException} after {@link #close()}. */
    MeterReading read();

    /** Idempotent. */
    @Override
    void close();
}

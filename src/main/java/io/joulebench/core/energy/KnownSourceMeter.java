package io.joulebench.core.energy;

/**
 * A shipped meter: it is one of the {@link EnergySource}s, which owns its spelling and the kind of figure it gives,
 * so the meter names the source instead of repeating both.
 */
interface KnownSourceMeter extends EnergyMeter {

    EnergySource energySource();

    @Override
    default String source() {
        return energySource().wire();
    }

    @Override
    default EnergyKind kind() {
        return energySource().kind();
    }
}

package io.joulebench.core.energy;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;

/** The test model itself keeps the contract, so bracket tests built on it are meaningful. */
class ModelGpuMeterTest extends EnergyMeterContract {

    private final VirtualClock clock = VirtualClock.atSeconds(100);

    @Override
    protected EnergyMeter createMeter() {
        return new ModelGpuMeter(clock, new double[] {300, 200}, 100, 5, Duration.ofMillis(100), Duration.ZERO, true);
    }

    @Override
    protected void letTimePass() {
        clock.advance(Duration.ofMillis(130));
    }
}

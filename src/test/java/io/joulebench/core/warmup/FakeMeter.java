package io.joulebench.core.warmup;

import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.DeviceReading;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.MeterReading;
import io.joulebench.core.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoublePredicate;
import java.util.function.DoubleUnaryOperator;

/**
 * One device whose power, temperature and throttle flag are functions of the clock's seconds since its creation.
 * {@link #beforeRead} runs at every read, on the reading thread (the warmup's), so tests can act at a virtual time.
 */
final class FakeMeter implements EnergyMeter {

    private final Clock clock;
    private final long origin;
    private final DoubleUnaryOperator watts;
    private final DoubleUnaryOperator celsius;
    private final DoublePredicate throttled;
    final AtomicInteger reads = new AtomicInteger();
    volatile Runnable beforeRead = () -> { };

    FakeMeter(Clock clock, DoubleUnaryOperator watts, DoubleUnaryOperator celsius) {
        this(clock, watts, celsius, t -> false);
    }

    FakeMeter(Clock clock, DoubleUnaryOperator watts, DoubleUnaryOperator celsius, DoublePredicate throttled) {
        this.clock = clock;
        this.origin = clock.nanoTime();
        this.watts = watts;
        this.celsius = celsius;
        this.throttled = throttled;
    }

    @Override
    public String source() {
        return "fake";
    }

    @Override
    public EnergyKind kind() {
        return EnergyKind.SIMULATED;
    }

    @Override
    public boolean hasEnergyCounter() {
        return false;
    }

    @Override
    public List<DeviceInfo> devices() {
        return List.of(new DeviceInfo(0, "fake", "fake-0"));
    }

    @Override
    public MeterReading read() {
        beforeRead.run();
        reads.incrementAndGet();
        long now = clock.nanoTime();
        double t = (now - origin) / 1e9;
        List<DeviceReading> devices = new ArrayList<>();
        devices.add(new DeviceReading(0, null, watts.applyAsDouble(t), celsius.applyAsDouble(t),
                throttled.test(t)));
        return new MeterReading(now, devices);
    }

    @Override
    public void close() {
    }
}

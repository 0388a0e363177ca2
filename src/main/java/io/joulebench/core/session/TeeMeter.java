package io.joulebench.core.session;

import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.DeviceReading;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.GroundTruthMeter;
import io.joulebench.core.energy.MeterReading;
import io.joulebench.core.energy.PowerSample;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A meter that hands every reading's power samples to the live view as well: windows, warmup and baseline all read
 * the session meter, so the view sees one continuous series. A ground-truth meter stays one (brackets keep truthJ).
 */
class TeeMeter implements EnergyMeter {

    private final EnergyMeter meter;
    private final Consumer<List<PowerSample>> tap;

    private TeeMeter(EnergyMeter meter, Consumer<List<PowerSample>> tap) {
        this.meter = meter;
        this.tap = tap;
    }

    static EnergyMeter wrap(EnergyMeter meter, Consumer<List<PowerSample>> tap) {
        return meter instanceof GroundTruthMeter truth ? new Truth(truth, tap) : new TeeMeter(meter, tap);
    }

    @Override
    public MeterReading read() {
        MeterReading reading = meter.read();
        List<PowerSample> samples = reading.devices().stream()
                .filter(d -> d.powerW() != null)
                .map((DeviceReading d) -> new PowerSample(reading.atNanos(), d.device(), d.powerW(), d.temperatureC(),
                        d.throttled()))
                .toList();
        if (!samples.isEmpty()) {
            tap.accept(samples);
        }
        return reading;
    }

    @Override
    public String source() {
        return meter.source();
    }

    @Override
    public EnergyKind kind() {
        return meter.kind();
    }

    @Override
    public boolean hasEnergyCounter() {
        return meter.hasEnergyCounter();
    }

    @Override
    public EnergyMethod method() {
        return meter.method();
    }

    @Override
    public Optional<Duration> counterUpdatePeriod() {
        return meter.counterUpdatePeriod();
    }

    @Override
    public List<String> warnings() {
        return meter.warnings();
    }

    @Override
    public Map<String, Object> settings() {
        return meter.settings();
    }

    @Override
    public Optional<Map<Integer, Double>> counterAt(long atNanos) throws InterruptedException {
        return meter.counterAt(atNanos);
    }

    @Override
    public List<String> windowNotes(long startNanos, long endNanos) {
        return meter.windowNotes(startNanos, endNanos);
    }

    @Override
    public List<DeviceInfo> devices() {
        return meter.devices();
    }

    @Override
    public void close() {
        meter.close();
    }

    private static final class Truth extends TeeMeter implements GroundTruthMeter {
        private final GroundTruthMeter truth;

        Truth(GroundTruthMeter truth, Consumer<List<PowerSample>> tap) {
            super(truth, tap);
            this.truth = truth;
        }

        @Override
        public Map<Integer, Double> truthAtLastReadJ() {
            return truth.truthAtLastReadJ();
        }
    }
}

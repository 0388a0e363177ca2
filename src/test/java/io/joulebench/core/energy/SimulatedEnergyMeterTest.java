package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimulatedEnergyMeterTest extends EnergyMeterContract {

    private final List<FakeDcgmEndpoint> endpoints = new ArrayList<>();

    @AfterEach
    void stopEndpoints() {
        endpoints.forEach(FakeDcgmEndpoint::close);
    }

    private FakeDcgmEndpoint endpoint(ModelGpuMeter model, Clock clock, boolean truth) {
        FakeDcgmEndpoint e = FakeDcgmEndpoint.of(model, clock, truth);
        endpoints.add(e);
        return e;
    }

    @Override
    protected EnergyMeter createMeter() {
        ModelGpuMeter model = ModelGpuMeter.constant(Clock.system(), 300, 200);
        return SimulatedEnergyMeter.open(List.of(endpoint(model, Clock.system(), true).url()), Clock.system());
    }

    /** The acceptance figure: counter energy against the engine's exact integral, through HTTP, edge-aligned. */
    @ParameterizedTest
    @CsvSource({"5.043, 0.01", "60.071, 0.001"})
    void bracket_energy_matches_ground_truth(double seconds, double tolerance) {
        VirtualClock clock = VirtualClock.atSeconds(1234.567);
        ModelGpuMeter model = new ModelGpuMeter(clock, new double[] {420, 380}, 150, 11, Duration.ofMillis(100),
                Duration.ofMillis(61), true);
        try (SimulatedEnergyMeter meter = SimulatedEnergyMeter.open(List.of(endpoint(model, clock, true).url()),
                clock)) {
            BracketResult r = SampledMeasurementBracketTest.run(meter, clock, seconds,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());

            assertThat(r.kind()).isEqualTo(EnergyKind.SIMULATED);
            assertThat(r.source()).isEqualTo("simulated");
            assertThat(r.truthJ()).isNotNull();
            assertThat(Math.abs(r.energyJ() - r.truthJ()) / r.truthJ()).isLessThan(tolerance);
            assertThat(r.crossCheckRelDiff()).isNotNull();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void an_endpoint_without_ground_truth_is_not_the_reference_engine() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        FakeDcgmEndpoint e = endpoint(ModelGpuMeter.constant(clock, 300), clock, false);
        assertThatThrownBy(() -> SimulatedEnergyMeter.open(List.of(e.url()), clock))
                .isInstanceOf(MeterException.class).hasMessageContaining("not the Joulebench reference engine");
    }
}

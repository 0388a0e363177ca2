package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PowerModelTest {

    private static final Duration TAU = Duration.ofSeconds(60);
    private static final Duration PERIOD = Duration.ofMillis(100);

    private final VirtualClock clock = VirtualClock.atSeconds(1000);

    private PowerModel model(EngineProfile profile, int gpus, boolean drift) {
        return new PowerModel(profile, gpus, clock, TAU, PERIOD, drift, 7);
    }

    @Test
    void idle_power_without_leakage_is_the_profile_idle_power() {
        EngineProfile p = EngineProfile.MEDIUM.withOverrides(Map.of("leak_w_per_c", 0.0));
        PowerModel m = model(p, 2, true);
        clock.advance(Duration.ofSeconds(30));
        for (GpuReading g : m.readAll()) {
            assertThat(g.powerW()).isEqualTo(p.idleW());
            assertThat(g.exactEnergyJ()).isCloseTo(p.idleW() * 30, within(1e-9));
        }
    }

    @Test
    void idle_power_with_leakage_is_the_self_consistent_steady_state() {
        EngineProfile p = EngineProfile.SMALL;
        PowerModel m = model(p, 1, true);
        double rk = p.thermalResistanceCPerW() * p.leakWPerC();
        assertThat(m.read(0).powerW()).isCloseTo(p.idleW() / (1 - rk), within(1e-9));
        assertThat(m.read(0).temperatureC())
                .isCloseTo(p.ambientC() + p.thermalResistanceCPerW() * p.idleW() / (1 - rk), within(1e-9));
    }

    @Test
    void power_rises_with_occupancy() {
        PowerModel m = model(EngineProfile.LARGE, 1, false);
        double previous = m.read(0).powerW();
        for (int batch = 1; batch <= 64; batch *= 2) {
            m.setOccupancy(batch / 64.0);
            double p = m.read(0).powerW();
            assertThat(p).isGreaterThan(previous);
            previous = p;
        }
    }

    @Test
    void exact_energy_equals_the_integral_of_power_to_1e_9() {
        EngineProfile p = EngineProfile.LARGE;
        PowerModel m = model(p, 1, true);
        double[][] schedule = {{0, 10}, {0.5, 37.3}, {1.0, 120}, {0.25, 0.0137}, {0.8, 61.5}, {0, 200}};
        double x = p.thermalResistanceCPerW() * p.idleW() / (1 - p.thermalResistanceCPerW() * p.leakWPerC());
        double energy = 0;
        for (double[] segment : schedule) {
            m.setOccupancy(segment[0]);
            clock.advance(Duration.ofNanos(Math.round(segment[1] * 1e9)));
            double[] y = rk4(p, segment[0], x, energy, segment[1], 1e-3);
            x = y[0];
            energy = y[1];
        }
        double exact = m.exactEnergyJoules(0);
        assertThat(Math.abs(exact - energy) / energy).isLessThan(1e-9);
        assertThat(m.read(0).temperatureC() - p.ambientC()).isCloseTo(x, within(1e-9));
    }

    /** Heat balance: τ(1 − R·k)·dx/dt = R·P(u, x) − x, P = P_idle + (P_max − P_idle)u^α + k·x; dE/dt = P. */
    private static double[] rk4(EngineProfile p, double u, double x, double e, double seconds, double maxStep) {
        int steps = (int) Math.ceil(seconds / maxStep);
        double h = seconds / steps;
        for (int i = 0; i < steps; i++) {
            double[] k1 = derivative(p, u, x);
            double[] k2 = derivative(p, u, x + h / 2 * k1[0]);
            double[] k3 = derivative(p, u, x + h / 2 * k2[0]);
            double[] k4 = derivative(p, u, x + h * k3[0]);
            x += h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
            e += h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
        }
        return new double[] {x, e};
    }

    private static double[] derivative(EngineProfile p, double u, double x) {
        double power = p.idleW() + (p.maxW() - p.idleW()) * Math.pow(u, p.alpha()) + p.leakWPerC() * x;
        double r = p.thermalResistanceCPerW();
        double dx = (r * power - x) / (TAU.toNanos() / 1e9 * (1 - r * p.leakWPerC()));
        return new double[] {dx, power};
    }

    @Test
    void temperature_reaches_63_percent_of_its_step_after_one_time_constant() {
        EngineProfile p = EngineProfile.SMALL;
        PowerModel m = model(p, 1, true);
        double t0 = m.read(0).temperatureC();
        double r = p.thermalResistanceCPerW();
        double steady = p.ambientC() + r * p.maxW() / (1 - r * p.leakWPerC());
        m.setOccupancy(1);
        clock.advance(TAU);
        double fraction = (m.read(0).temperatureC() - t0) / (steady - t0);
        assertThat(fraction).isCloseTo(1 - Math.exp(-1), within(1e-9));
        clock.advance(TAU.multipliedBy(19));
        assertThat(m.read(0).temperatureC()).isCloseTo(steady, within(1e-6));
    }

    @Test
    void without_drift_temperature_jumps_to_its_steady_state() {
        EngineProfile p = EngineProfile.SMALL;
        PowerModel m = model(p, 1, false);
        m.setOccupancy(1);
        double r = p.thermalResistanceCPerW();
        assertThat(m.read(0).temperatureC())
                .isCloseTo(p.ambientC() + r * p.maxW() / (1 - r * p.leakWPerC()), within(1e-9));
    }

    @Test
    void throttle_flag_is_set_above_the_limit_and_cleared_below() {
        PowerModel m = model(EngineProfile.LARGE, 1, true);
        assertThat(m.read(0).throttled()).isFalse();
        assertThat(m.read(0).throttleReasons()).isZero();
        m.setOccupancy(1);
        clock.advance(TAU.multipliedBy(10));
        assertThat(m.read(0).temperatureC()).isGreaterThan(EngineProfile.LARGE.throttleC());
        assertThat(m.read(0).throttleReasons()).isEqualTo(0x20);
        m.setOccupancy(0);
        clock.advance(TAU.multipliedBy(10));
        assertThat(m.read(0).throttled()).isFalse();
    }

    @Test
    void counter_holds_the_floor_of_the_exact_energy_at_the_last_tick() {
        PowerModel m = model(EngineProfile.MEDIUM, 1, true);
        m.setOccupancy(0.5);
        clock.advance(Duration.ofMillis(50));
        assertThat(m.read(0).counterMj()).isZero();
        clock.advance(Duration.ofMillis(50));
        GpuReading atTick = m.read(0);
        assertThat(atTick.counterMj()).isEqualTo((long) Math.floor(atTick.exactEnergyJ() * 1000)).isPositive();
        clock.advance(Duration.ofMillis(99));
        GpuReading beforeNext = m.read(0);
        assertThat(beforeNext.counterMj()).isEqualTo(atTick.counterMj());
        assertThat(beforeNext.exactEnergyJ()).isGreaterThan(atTick.exactEnergyJ());
        clock.advance(Duration.ofMillis(1));
        GpuReading next = m.read(0);
        assertThat(next.counterMj()).isEqualTo((long) Math.floor(next.exactEnergyJ() * 1000));
    }

    @Test
    void counter_is_monotonic_and_lags_the_exact_energy_by_under_one_period() {
        EngineProfile p = EngineProfile.LARGE;
        PowerModel m = model(p, 3, true);
        SplittableRandom random = new SplittableRandom(3);
        long[] previous = new long[3];
        double maxPower = p.maxW() + p.leakWPerC() * 200;
        for (int i = 0; i < 5000; i++) {
            if (random.nextInt(4) == 0) {
                m.setOccupancy(random.nextDouble());
            }
            clock.advance(Duration.ofNanos(random.nextLong(1, 300_000_000)));
            GpuReading g = m.read(i % 3);
            assertThat(g.counterMj()).isGreaterThanOrEqualTo(previous[i % 3]);
            assertThat(g.counterMj()).isLessThanOrEqualTo((long) Math.floor(g.exactEnergyJ() * 1000));
            assertThat(g.exactEnergyJ() * 1000 - g.counterMj()).isLessThan(maxPower * 100 + 1);
            previous[i % 3] = g.counterMj();
        }
    }

    @Test
    void gpu_uuids_are_deterministic_per_seed_and_distinct_per_gpu() {
        PowerModel a = model(EngineProfile.SMALL, 4, true);
        PowerModel b = model(EngineProfile.SMALL, 4, true);
        assertThat(a.uuid(2)).isEqualTo(b.uuid(2)).startsWith("GPU-");
        assertThat(a.uuid(0)).isNotEqualTo(a.uuid(1));
    }
}

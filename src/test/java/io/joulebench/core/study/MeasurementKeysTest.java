package io.joulebench.core.study;

import static io.joulebench.core.study.StudyFixtures.errorsOf;
import static io.joulebench.core.study.StudyFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.HostEnergy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code measurement:} keys for the DCGM exporter interval and the CPU estimate's assumptions. */
class MeasurementKeysTest {

    private static MeasurementConfig measurement(String block) {
        return load(StudyFixtures.MINIMAL + "measurement:\n" + block).cells().get(0).experiment().measurement();
    }

    @Test
    void defaults_are_the_stock_exporter_interval_and_ten_watts_per_busy_core() {
        MeasurementConfig m = load(StudyFixtures.MINIMAL).cells().get(0).experiment().measurement();

        assertThat(m.dcgmIntervalMs()).isEqualTo(30_000);
        assertThat(m.cpuWattsPerCore()).isEqualTo(10.0);
        assertThat(m.cpuIdleWatts()).isZero();
    }

    @Test
    void the_exporter_interval_and_cpu_assumptions_are_read() {
        MeasurementConfig m = measurement("  dcgm_interval_ms: 1000\n"
                + "  cpu_estimate: {watts_per_core: 12.5, idle_watts: 45}\n");

        assertThat(m.dcgmIntervalMs()).isEqualTo(1000);
        assertThat(m.cpuWattsPerCore()).isEqualTo(12.5);
        assertThat(m.cpuIdleWatts()).isEqualTo(45.0);
    }

    @Test
    void bad_values_name_the_key_path_and_line() {
        List<StudyError> interval = errorsOf(StudyFixtures.MINIMAL + "measurement:\n  dcgm_interval_ms: 0\n");
        assertThat(interval).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).isEqualTo("measurement.dcgm_interval_ms");
            assertThat(e.line()).isEqualTo(6);
        });
        List<StudyError> watts = errorsOf(StudyFixtures.MINIMAL
                + "measurement:\n  cpu_estimate:\n    watts_per_core: -1\n");
        assertThat(watts).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).isEqualTo("measurement.cpu_estimate.watts_per_core");
            assertThat(e.line()).isEqualTo(7);
        });
        assertThat(errorsOf(StudyFixtures.MINIMAL + "measurement:\n  cpu_estimate: {wats_per_core: 5}\n"))
                .singleElement().satisfies(e -> assertThat(e.keyPath()).isEqualTo("measurement.cpu_estimate"
                        + ".wats_per_core"));
    }

    @Test
    void the_interval_can_be_swept_like_any_measurement_key() {
        Study study = load(StudyFixtures.MINIMAL + "sweep:\n  measurement.dcgm_interval_ms: [1000, 30000]\n");

        assertThat(study.cells()).extracting(c -> c.experiment().measurement().dcgmIntervalMs())
                .containsExactly(1000, 30_000);
    }

    @Test
    void host_energy_is_off_and_the_headline_is_the_gpu_unless_the_study_says_otherwise() {
        MeasurementConfig d = load(StudyFixtures.MINIMAL).cells().get(0).experiment().measurement();
        assertThat(d.hostEnergy()).isEqualTo(HostEnergy.NONE);
        assertThat(d.headlineDomain()).isEqualTo(HeadlineDomain.GPU);

        MeasurementConfig m = measurement("  host_energy: cpu-estimate\n  headline_domain: node\n");
        assertThat(m.hostEnergy()).isEqualTo(HostEnergy.CPU_ESTIMATE);
        assertThat(m.headlineDomain()).isEqualTo(HeadlineDomain.NODE);
    }

    @Test
    void a_bad_host_energy_or_headline_names_the_key_and_line() {
        assertThat(errorsOf(StudyFixtures.MINIMAL + "measurement:\n  host_energy: nvml\n")).singleElement()
                .satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("measurement.host_energy");
                    assertThat(e.line()).isEqualTo(6);
                    assertThat(e.rule()).contains("cpu-estimate");
                });
        assertThat(errorsOf(StudyFixtures.MINIMAL + "measurement:\n  host_energy: auto\n  headline_domain: all\n"))
                .singleElement().satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("measurement.headline_domain");
                    assertThat(e.line()).isEqualTo(7);
                });
    }

    @Test
    void a_host_headline_needs_a_host_meter_and_a_host_primary_takes_none_beside_it() {
        assertThat(errorsOf(StudyFixtures.MINIMAL + "measurement:\n  headline_domain: host\n")).singleElement()
                .satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("measurement.headline_domain");
                    assertThat(e.rule()).contains("measurement.host_energy");
                });
        assertThat(errorsOf(StudyFixtures.MINIMAL + "measurement:\n  energy_sampler: rapl\n  host_energy: auto\n"))
                .singleElement().satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("measurement.host_energy");
                    assertThat(e.rule()).contains("already measures the host");
                });
    }
}

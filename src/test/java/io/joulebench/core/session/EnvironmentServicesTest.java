package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.energy.CpuTimeSource;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.FakeDcgmEndpoint;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.server.ServerHandle;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.Study;
import io.joulebench.core.time.Clock;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the session wires the study's measurement settings and GPU selection into the meter. */
class EnvironmentServicesTest {

    @TempDir
    Path dir;

    private static String study(String measurement, String execution) {
        return """
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                measurement: %s
                server: {traffic: {rate: 2}}
                study_execution: %s
                """.formatted(measurement, execution);
    }

    private EnvironmentServices services(Study study) {
        SessionEnvironment env = new SessionEnvironment(Clock.system(), null, () -> {
            throw new AssertionError("no Docker here");
        }, null, dir, dir, MeterSelector.Config.defaults().withNvmlLibrary("nvidia-ml-absent").withRaplRoot(dir.resolve("none")),
                List.of(), null);
        return new EnvironmentServices(env, study.execution().gpuIndices());
    }

    private static ExperimentConfig experiment(Study study) {
        return SessionFixtures.cells(study).getFirst().experiment();
    }

    /** A ready server whose /metrics is {@code metrics} and whose main process is {@code pid} (empty: elsewhere). */
    private static ServerHandle handle(URI metrics, OptionalLong pid) {
        URI base = URI.create(metrics.toString().replaceFirst("/metrics$", ""));
        return new ServerHandle() {
            @Override
            public URI baseUrl() {
                return base;
            }

            @Override
            public int port() {
                return base.getPort();
            }

            @Override
            public String describe() {
                return "test server";
            }

            @Override
            public String logTail(int chars) {
                return "";
            }

            @Override
            public boolean isAlive() {
                return true;
            }

            @Override
            public OptionalLong hostPid() {
                return pid;
            }
        };
    }

    @Test
    void the_endpoint_runner_attaches_without_docker_and_the_transport_takes_its_headers() throws Exception {
        Study study = SessionFixtures.load(study("{energy_sampler: simulated}", "{}")
                .replace("runners: {reference: in-process}", "runners: {reference: endpoint}\nreference: {url: \"http://127.0.0.1:1\"}"));
        try (EnvironmentServices services = services(study)) {
            assertThat(services.launcher(experiment(study)))
                    .isInstanceOf(io.joulebench.core.server.EndpointServerLauncher.class);
            try (var t = (AutoCloseable) services.transport(URI.create("http://127.0.0.1:1"),
                    io.joulebench.core.traffic.OpenAiEndpoint.COMPLETIONS, java.time.Duration.ofSeconds(1),
                    java.util.Map.of("Authorization", "Bearer k"))) {
                assertThat(t).isNotNull();
            }
        }
    }

    @Test
    void the_studys_gpu_indices_select_the_simulated_gpus_the_session_meters() {
        Study study = SessionFixtures.load(study("{energy_sampler: simulated}", "{gpu_indices: [1, 2]}"));
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 100, 200, 300, 400);
             EnvironmentServices services = services(study)) {
            MeterSelector.Selection s = services.meterAfterReady(experiment(study),
                    handle(engine.url(), OptionalLong.of(ProcessHandle.current().pid())));
            try (EnergyMeter meter = s.meter()) {
                assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(1, 2);
                assertThat(meter.read().devices()).extracting(d -> d.powerW()).containsExactly(200.0, 300.0);
                EnergyContext context = EnergyContext.of(meter, s.reasons(), null);
                assertThat(context.devices()).extracting(DeviceInfo::uuid)
                        .containsExactly("GPU-5e0a0001", "GPU-5e0a0002");
                assertThat(context.settings()).containsEntry("gpu_indices", List.of(1, 2))
                        .containsEntry("counter_update_period_ms", 100L);
            }
        }
    }

    @Test
    void without_gpu_indices_every_gpu_is_metered() {
        Study study = SessionFixtures.load(study("{energy_sampler: simulated}", "{n_cycles: 1}"));
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 100, 200);
             EnvironmentServices services = services(study);
             EnergyMeter meter = services.meterAfterReady(experiment(study),
                     handle(engine.url(), OptionalLong.empty())).meter()) {
            assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(0, 1);
        }
    }

    @Test
    void a_selected_gpu_the_endpoint_lacks_is_refused_by_name() {
        Study study = SessionFixtures.load(study("{energy_sampler: simulated}", "{gpu_indices: [3]}"));
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 100, 200);
             EnvironmentServices services = services(study)) {
            assertThatThrownBy(() -> services.meterAfterReady(experiment(study),
                    handle(engine.url(), OptionalLong.empty())))
                    .isInstanceOf(MeterException.class).hasMessageContaining("GPU 3 not found")
                    .hasMessageContaining("gpu 0, 1");
        }
    }

    @Test
    void the_measurement_block_sets_the_exporter_interval_cpu_watts_and_gpus() {
        Study study = SessionFixtures.load(study("""
                {energy_sampler: dcgm, dcgm_urls: ["http://gpu-node:9400/metrics"], dcgm_interval_ms: 5000,
                 cpu_estimate: {watts_per_core: 12.5, idle_watts: 40}}""", "{gpu_indices: [0]}"));
        try (EnvironmentServices services = services(study)) {
            MeterSelector.Config c = services.config(experiment(study));

            assertThat(c.dcgmOptions().exporterInterval()).isEqualTo(Duration.ofSeconds(5));
            assertThat(c.dcgmUrls()).containsExactly(URI.create("http://gpu-node:9400/metrics"));
            assertThat(c.cpuOptions().wattsPerCore()).isEqualTo(12.5);
            assertThat(c.cpuOptions().idleWatts()).isEqualTo(40.0);
            assertThat(c.gpus()).containsExactly(0);
        }
    }

    @Test
    void the_defaults_are_the_stock_exporter_interval_and_ten_watts_per_core() {
        Study study = SessionFixtures.load(study("{energy_sampler: auto}", "{n_cycles: 1}"));
        try (EnvironmentServices services = services(study)) {
            MeterSelector.Config c = services.config(experiment(study));

            assertThat(c.dcgmOptions().exporterInterval()).isEqualTo(Duration.ofSeconds(30));
            assertThat(c.cpuOptions().wattsPerCore()).isEqualTo(10.0);
            assertThat(c.cpuOptions().idleWatts()).isZero();
            assertThat(c.gpus()).isEmpty();
        }
    }

    @Test
    void the_cpu_estimate_of_the_studys_server_uses_the_studys_watts_and_names_its_target() {
        Study study = SessionFixtures.load(study("{energy_sampler: cpu-estimate, cpu_estimate: {watts_per_core: 7}}",
                "{n_cycles: 1}"));
        long pid = ProcessHandle.current().pid();
        try (EnvironmentServices services = services(study);
             EnergyMeter meter = services.meterAfterReady(experiment(study),
                     handle(URI.create("http://127.0.0.1:1/metrics"), OptionalLong.of(pid))).meter()) {
            assertThat(meter.settings()).containsEntry("watts_per_core", 7.0).containsEntry("idle_watts", 0.0)
                    .containsEntry("cpu_time_source", "process-tree")
                    .containsEntry("cpu_target", "process tree " + pid);
        }
    }

    @Test
    void a_container_on_a_daemon_elsewhere_gets_no_cpu_estimate_instead_of_this_machines() {
        Study study = SessionFixtures.load(study("{energy_sampler: cpu-estimate}", "{n_cycles: 1}")
                .replace("runners: {reference: in-process}", "engine: vllm\nrunners: {vllm: container}\ntask: {model: m}")
                .replace("engine: reference\n", ""));
        ExperimentConfig e = experiment(study);
        ServerHandle remote = handle(URI.create("http://127.0.0.1:1/metrics"), OptionalLong.empty());

        CpuTimeSource target = EnvironmentServices.cpuTarget(e, remote, Path.of("/proc"), "tcp://gpu-box:2375");
        assertThat(target).isInstanceOf(CpuTimeSource.Unavailable.class);
        try (EnvironmentServices services = services(study)) {
            assertThatThrownBy(() -> services.meterAfterReady(e, remote))
                    .isInstanceOf(MeterException.class).hasMessageContaining("Docker daemon that is not on this machine")
                    .hasMessageContaining("cannot be read here");
        }
    }
}

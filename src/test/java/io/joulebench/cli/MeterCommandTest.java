package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.FakeDcgmEndpoint;
import io.joulebench.core.energy.ModelGpuMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.energy.FakeNvml;
import io.joulebench.core.energy.FakeRaplTree;
import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MeterCommandTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
        JsonNode json() throws Exception {
            return new ObjectMapper().readTree(out);
        }
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    /** The fake NVML's default counter update period: each of a bracket's two edges sits on an update. */
    private static final double UPDATE_S = 0.1;

    /**
     * The energy of a constant-power fake over the reported duration, to within what the counter can resolve: its
     * edges are aligned to counter updates, so each may be off by one update period whatever the machine's load
     * (a percentage of a one-second run is a timing bound, not a meaning). Mean power is energy over duration.
     */
    private static void assertEnergy(JsonNode node, double watts, double seconds) {
        double energy = node.get("energy_j").asDouble();
        assertThat(energy).isBetween(watts * (seconds - 2 * UPDATE_S), watts * (seconds + 2 * UPDATE_S));
        assertThat(node.get("mean_power_w").asDouble()).isCloseTo(energy / seconds, within(energy / seconds * 1e-6));
    }

    @Test
    void nvml_on_the_fake_library_totals_several_gpus() throws Exception {
        FakeNvml.configure("gpus=3;power_w=100,200,300");
        Run r = run("meter", "--source", "nvml", "--seconds", "1", "--format", "json");

        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        double seconds = j.get("duration_s").asDouble();
        assertThat(j.get("source").asText()).isEqualTo("nvml");
        assertThat(j.get("kind").asText()).isEqualTo("measured");
        assertThat(j.get("method").asText()).isEqualTo("counter");
        assertThat(j.get("devices")).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertEnergy(j.get("devices").get(i), 100 * (i + 1), seconds);
            assertThat(j.get("devices").get(i).get("name").asText()).isEqualTo("Fake H100 80GB HBM3");
            assertThat(j.get("devices").get(i).get("uuid").asText()).startsWith("GPU-");
        }
        double total = j.get("total_energy_j").asDouble();
        assertThat(total).isBetween(600 * (seconds - 2 * UPDATE_S), 600 * (seconds + 2 * UPDATE_S));
        assertThat(Math.abs(j.get("cross_check_rel_diff").asDouble())).isLessThan(0.05);
    }

    @Test
    void nvml_gpu_selection_and_text_output() {
        FakeNvml.configure("gpus=3;power_w=100,200,300");
        Run r = run("meter", "--source", "nvml", "--gpus", "0,2", "--seconds", "0.5");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("source       nvml (measured, counter)", "device 0 ", "device 2 ", "total",
                "cross-check  polled-power integral").doesNotContain("device 1 ");
    }

    @Test
    void rapl_on_a_fake_tree_counts_across_wraparounds() throws Exception {
        // 20 W into a 15 J counter: it wraps every 0.75 s, twice during the run
        FakeRaplTree tree = new FakeRaplTree(dir).domain("intel-rapl:0", "package-0", 0, 15_000_000);
        AtomicBoolean stop = new AtomicBoolean();
        long t0 = System.nanoTime();
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            while (!stop.get()) {
                long uj = (long) (20.0 * (System.nanoTime() - t0) / 1e3);
                tree.energy("intel-rapl:0", uj % 15_000_000);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        Run r;
        try {
            r = run("meter", "--source", "rapl", "--rapl-root", dir.toString(), "--seconds", "1.6",
                    "--format", "json");
        } finally {
            stop.set(true);
            writer.join();
        }
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("source").asText()).isEqualTo("rapl");
        assertThat(j.get("devices").get(0).get("name").asText()).isEqualTo("package-0");
        // the counter is written by a thread that a loaded machine can stall for tens of ms, so its edges lag
        // wall time; one missed or doubled wrap is 15 J of ~32 J (47 %), so 25 % still tells a wrap from a lag
        double expected = 20 * j.get("duration_s").asDouble();
        assertThat(j.get("devices").get(0).get("energy_j").asDouble()).isCloseTo(expected, within(expected * 0.25));
    }

    @Test
    void simulated_against_an_engine_endpoint_reports_truth() throws Exception {
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 250, 150)) {
            Run r = run("meter", "--source", "simulated", "--url", engine.url().toString(), "--seconds", "1",
                    "--format", "json");

            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode j = r.json();
            assertThat(j.get("kind").asText()).isEqualTo("simulated");
            assertThat(j.get("source").asText()).isEqualTo("simulated");
            assertThat(j.get("devices")).hasSize(2);
            double total = j.get("total_energy_j").asDouble();
            double truth = j.get("truth_j").asDouble();
            assertThat(total).isCloseTo(truth, within(truth * 0.03));
            assertThat(total).isCloseTo(400 * j.get("duration_s").asDouble(), within(truth * 0.03));
        }
    }

    @Test
    void cpu_estimate_is_labelled_estimated() throws Exception {
        Run r = run("meter", "--source", "cpu-estimate", "--pid", Long.toString(ProcessHandle.current().pid()),
                "--seconds", "0.3", "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.json().get("kind").asText()).isEqualTo("estimated");
        assertThat(r.json().get("method").asText()).isEqualTo("integrated-power");
    }

    @Test
    void an_unavailable_source_exits_2_with_one_line() {
        Run r = run("meter", "--source", "rapl", "--rapl-root", dir.resolve("absent").toString(), "--seconds", "1");
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err().strip()).startsWith("joulebench: energy source rapl unavailable: RAPL not available")
                .doesNotContain("\n").doesNotContain("Exception");
        Run dcgm = run("meter", "--source", "dcgm", "--seconds", "1");
        assertThat(dcgm.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(dcgm.err().strip()).isEqualTo("joulebench: energy source dcgm unavailable: dcgm needs a metrics"
                + " URL (--url)");
    }

    @Test
    void bad_values_exit_2() {
        assertThat(run("meter", "--seconds", "0").exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("meter", "--seconds", "1", "--source", "tea").exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("meter", "--seconds", "1", "--format", "xml").exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("meter").exit()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void auto_with_the_reference_engines_url_measures_the_simulated_gpus_not_this_cpu() throws Exception {
        if (java.nio.file.Files.isRegularFile(FakeNvml.dir().resolve("libnvidia-ml.so"))) {
            FakeNvml.configure("initfail=1");    // this JVM loads the fake NVML: make auto skip it, as on a CPU box
        }
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 250)) {
            Run r = run("meter", "--source", "auto", "--url", engine.url().toString(), "--rapl-root",
                    dir.resolve("no-rapl").toString(), "--seconds", "0.3", "--format", "json");

            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode j = r.json();
            assertThat(j.get("source").asText()).isEqualTo("simulated");
            assertThat(j.get("kind").asText()).isEqualTo("simulated");
            assertThat(j.get("reasons").get(j.get("reasons").size() - 1).asText())
                    .isEqualTo("simulated: chosen as the engine's own figure");
        }
    }

    @Test
    void the_exporter_interval_sets_the_simulated_counter_period() throws Exception {
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 250)) {
            Run r = run("meter", "--source", "simulated", "--url", engine.url().toString(), "--exporter-interval-ms",
                    "40", "--seconds", "0.3", "--format", "json");

            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.json().get("settings").get("counter_update_period_ms").asLong()).isEqualTo(40);
        }
        assertThat(run("meter", "--source", "simulated", "--exporter-interval-ms", "0", "--seconds", "1").exit())
                .isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void a_measurement_lasts_s_from_its_opening_edge_however_long_that_edge_waited_for_a_tick() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(100);
        // the counter ticks 80 ms after each 100 ms boundary: the opening edge at t = 100 s waits 80 ms for it
        ModelGpuMeter meter = new ModelGpuMeter(clock, new double[] {100}, 0, 1, Duration.ofMillis(100),
                Duration.ofMillis(80), true);
        BracketResult r = MeterCommand.measure(meter, clock,
                SampledMeasurementBracket.Options.defaults().withoutSamplerThread(), 1.0);

        assertThat(r.durationSeconds()).isEqualTo(1.0);
        assertThat(r.energyJ()).isCloseTo(100, within(0.5));
    }
}

package io.joulebench.app.results.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.results.ExportRunner;
import io.joulebench.app.results.Fixtures;
import io.joulebench.app.results.ResultsViewModel;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results browser's energy breakdown on a real run (the reference engine in process, two simulated GPUs in
 * groups, a CPU-estimate host meter beside them): the selected window's domains, groups and device rows, read off
 * the UI thread and agreeing with what windows.csv and result.json say.
 */
class EnergyBreakdownViewModelTest {

    private static final String STUDY = """
            study_name: breakdown
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            reference: {gpus: 2}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_input_tokens: 64
              max_output_tokens: 8
              random_seed: 42
            measurement: {energy_sampler: simulated, host_energy: cpu-estimate, baseline: {enabled: false},
                          cpu_estimate: {idle_watts: 5}, device_groups: {prefill: [0], decode: [1]}}
            server:
              traffic: {rate: 8, arrival: poisson, seed: 7, ramp_exclusion_seconds: 0.1, window_seconds: 0.4}
              warmup: {mode: fixed, duration_seconds: 0.1}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            """;

    private final TestServices services = new TestServices();
    private final List<Runnable> background = new ArrayList<>();
    private final ResultsViewModel results = new ResultsViewModel(services.preferences, services.errors,
            services.folderOpener, ExportRunner.direct());
    private final EnergyBreakdownViewModel vm = new EnergyBreakdownViewModel(results, background::add,
            UiExecutor.direct(), DeviceTable::read);

    @TempDir
    Path tmp;

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void the_selected_window_shows_each_domain_its_groups_and_its_devices_read_in_the_background() throws Exception {
        Path yaml = Files.writeString(tmp.resolve("s.yaml"), STUDY);
        Path folder = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve("out"), StudyRunListener.NONE).folder();
        assertThat(results.open(folder)).isTrue();
        assertThat(vm.statusProperty().get()).startsWith("Select windows");

        WindowRow window = results.rows().getFirst();
        results.selection().setAll(window);
        assertThat(vm.statusProperty().get()).isEqualTo("Reading the device table…");
        assertThat(vm.devices()).isEmpty();
        assertThat(background).hasSize(1);
        background.removeFirst().run();

        assertThat(vm.devices()).extracting(DeviceLine::domain).containsExactly("gpu", "gpu", "host");
        assertThat(vm.devices()).extracting(DeviceLine::group).containsExactly("prefill", "decode", "");
        assertThat(vm.devices()).extracting(DeviceLine::kind).containsExactly("simulated", "simulated", "estimated");
        double gpu = vm.devices().stream().filter(l -> l.domain().equals("gpu")).mapToDouble(DeviceLine::energyJ)
                .sum();
        assertThat(gpu).isCloseTo(window.number("energy_j").getAsDouble(), within(1e-3));
        assertThat(vm.domainsProperty().get()).startsWith("GPU ").contains("(simulated, counter, simulated)")
                .contains("host ").contains("(estimated, integrated-power, cpu-estimate)").contains("node ")
                .endsWith("J/token is the gpu figure");
        assertThat(vm.groupsProperty().get()).startsWith("Groups: decode ").contains(" · prefill ")
                .contains("J/token");
        assertThat(vm.statusProperty().get()).isEqualTo("3 device lines for 1 selected window.");

        // the table is read once per folder: a second selection needs no background read
        results.selection().setAll(results.rows());
        assertThat(background).isEmpty();
        assertThat(vm.devices()).hasSize(3 * results.rows().size());
    }

    @Test
    void a_run_from_before_device_tables_says_so_instead_of_showing_nothing() {
        assertThat(results.open(Fixtures.quickstartFolder())).isTrue();
        results.selection().setAll(results.rows().getFirst());
        background.removeFirst().run();
        assertThat(vm.devices()).isEmpty();
        assertThat(vm.statusProperty().get()).startsWith("No per-device energy for the selected window: ");
    }
}

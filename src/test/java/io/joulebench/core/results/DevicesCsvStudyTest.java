package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18 end to end: a real study on the reference engine in process, four simulated GPUs, groups prefill [0, 1]
 * and decode [2, 3]. devices.csv has one row per window × GPU, each window's rows add up to its energy, and
 * result.json's per-group figures are the sums of their rows; a lost devices.csv is rebuilt from the bundles.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DevicesCsvStudyTest {

    private static final String STUDY = """
            study_name: device-groups
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            reference: {gpus: 4}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_input_tokens: 64
              max_output_tokens: 8
            measurement:
              energy_sampler: simulated
              baseline: {enabled: false}
              device_groups: {prefill: [0, 1], decode: [2, 3]}
            server:
              traffic: {rate: 8, arrival: poisson, seed: 7, ramp_exclusion_seconds: 0.1, window_seconds: 0.3}
              warmup: {mode: fixed, duration_seconds: 0.1}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            """;

    private final ObjectMapper json = new ObjectMapper();
    private Study study;
    private Path folder;
    private List<WindowRow> windows;
    private List<Map<String, String>> devices;

    @BeforeAll
    void run_a_small_study(@TempDir Path tmp) throws Exception {
        study = new StudyLoader().load(Files.writeString(tmp.resolve("s.yaml"), STUDY));
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(study, tmp.resolve("out"), StudyRunListener.NONE);
        folder = r.folder();
        windows = WindowsCsvTable.readFolder(folder).rows();
        devices = Csv.rows(folder.resolve(DevicesCsv.FILE_NAME));
        assertThat(windows).as("two windows of one level").hasSize(2);
    }

    @Test
    void each_window_has_one_row_per_gpu_adding_up_to_its_energy() throws Exception {
        assertThat(devices).hasSize(4 * windows.size());
        for (WindowRow w : windows) {
            String id = w.experimentId();
            List<Map<String, String>> own = devices.stream().filter(d -> d.get("experiment_id").equals(id)).toList();
            assertThat(own).extracting(d -> d.get("device_index")).containsExactly("0", "1", "2", "3");
            assertThat(own).extracting(d -> d.get("device_group"))
                    .containsExactly("prefill", "prefill", "decode", "decode");
            assertThat(own).allSatisfy(d -> {
                assertThat(d.get("domain")).isEqualTo("gpu");
                assertThat(d.get("energy_kind")).as("simulated never passes as measured").isEqualTo("simulated");
                assertThat(d.get("energy_source")).isEqualTo("simulated");
                assertThat(d.get("level_index")).isEqualTo(w.text("level_index"));
                assertThat(d.get("window_index")).isEqualTo(w.text("window_index"));
                assertThat(Double.parseDouble(d.get("energy_j"))).isPositive();
                assertThat(Double.parseDouble(d.get("mean_power_w"))).isCloseTo(
                        Double.parseDouble(d.get("energy_j")) / Double.parseDouble(d.get("duration_s")), within(1e-6));
            });
            assertThat(sum(own, null)).isCloseTo(Double.parseDouble(w.text("energy_j")), within(1e-6));
            assertThat(w.text("device_groups")).isEqualTo("decode=2,3;prefill=0,1");
            assertThat(Csv.rows(folder.resolve(id).resolve(DevicesCsv.FILE_NAME))).isEqualTo(own);
        }
    }

    @Test
    void result_json_reports_each_groups_energy_and_j_per_token() throws Exception {
        for (WindowRow w : windows) {
            String id = w.experimentId();
            List<Map<String, String>> own = devices.stream().filter(d -> d.get("experiment_id").equals(id)).toList();
            JsonNode r = json.readTree(folder.resolve(id).resolve("result.json").toFile());
            long tokens = r.path("output_tokens").asLong();
            assertThat(tokens).isPositive();
            for (String group : List.of("prefill", "decode")) {
                double j = r.path("energy_per_group_j").path(group).asDouble();
                assertThat(j).as(group).isPositive().isCloseTo(sum(own, group), within(1e-6));
                assertThat(r.path("j_per_token_per_group").path(group).asDouble()).isCloseTo(j / tokens,
                        within(1e-12));
            }
        }
    }

    @Test
    void a_lost_or_torn_devices_csv_is_rebuilt_from_the_bundles_and_exported() throws Exception {
        Path file = folder.resolve(DevicesCsv.FILE_NAME);
        String written = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(file, written.substring(0, written.length() - 7)); // an append cut short
        ResultsFolder.open(folder, StudyPlan.of(study), Clock.system());
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(written);
        Files.delete(file);
        ResultsFolder.open(folder, StudyPlan.of(study), Clock.system());
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(written);
        StringWriter export = new StringWriter();
        DevicesCsv.export(folder, WindowsCsvTable.readFolder(folder), export);
        assertThat(export.toString()).isEqualTo(written);
    }

    private static double sum(List<Map<String, String>> rows, String group) {
        return rows.stream().filter(r -> group == null || group.equals(r.get("device_group")))
                .mapToDouble(r -> Double.parseDouble(r.get("energy_j"))).sum();
    }
}

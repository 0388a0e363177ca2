package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: a real study (the reference engine in process, its simulated GPU as the primary meter) with
 * {@code measurement.host_energy: cpu-estimate} writes both domains into every windows.csv row and result.json, the
 * host figure labelled estimated, and a node headline makes {@code energy_j} the sum.
 */
class HostEnergyStudyTest {

    private static final String STUDY = """
            study_name: host-energy
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_input_tokens: 64
              max_output_tokens: 8
              random_seed: 42
            measurement: {energy_sampler: simulated, host_energy: cpu-estimate, headline_domain: %s,
                          baseline: {enabled: false}, cpu_estimate: {idle_watts: 5}, device_groups: {decode: [0]}}
            server:
              traffic: {rate: 8, arrival: poisson, seed: 7, ramp_exclusion_seconds: 0.1, window_seconds: 0.4}
              warmup: {mode: fixed, duration_seconds: 0.1}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            """;

    @TempDir
    Path tmp;

    /** The node-headline run two tests read, run once for the class (both only read its files). */
    @TempDir
    static Path shared;
    private static Path nodeRun;

    private static synchronized Path nodeRun() throws Exception {
        if (nodeRun == null) {
            nodeRun = run(shared, "node");
        }
        return nodeRun;
    }

    private Path run(String headline) throws Exception {
        return run(tmp, headline);
    }

    private static Path run(Path tmp, String headline) throws Exception {
        Path yaml = Files.writeString(tmp.resolve(headline + ".yaml"), STUDY.formatted(headline));
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve("out-" + headline),
                StudyRunListener.NONE);
        return r.folder();
    }

    private static List<Map<String, String>> rows(Path folder) throws Exception {
        return rows(folder, "windows.csv");
    }

    private static List<Map<String, String>> rows(Path folder, String file) throws Exception {
        return Csv.rows(folder.resolve(file));
    }

    @Test
    void windows_csv_carries_the_simulated_gpu_and_the_estimated_host_side_by_side() throws Exception {
        Path folder = run("gpu");
        List<Map<String, String>> rows = rows(folder);
        assertThat(rows).hasSize(2);
        for (Map<String, String> row : rows) {
            assertThat(row).containsEntry("energy_source", "simulated").containsEntry("energy_kind", "simulated")
                    .containsEntry("host_energy_source", "cpu-estimate").containsEntry("host_energy_kind", "estimated")
                    .containsEntry("host_energy_method", "integrated-power")
                    .containsEntry("node_energy_domains", "gpu+host").containsEntry("headline_domain", "gpu");
            double gpu = Double.parseDouble(row.get("energy_j"));
            double host = Double.parseDouble(row.get("host_energy_j"));
            assertThat(gpu).isPositive();
            // at least the idle watts over the window: the host was measured, not left at zero
            assertThat(host).isGreaterThanOrEqualTo(5 * Double.parseDouble(row.get("duration_s")) * 0.9);
            assertThat(Double.parseDouble(row.get("node_energy_j"))).isCloseTo(gpu + host, within(1e-6));
            JsonNode d = new ObjectMapper().readTree(folder.resolve(row.get("experiment_id")).resolve("result.json")
                    .toFile()).path("energy_domains");
            assertThat(d.path("gpu").path("kind").asText()).isEqualTo("simulated");
            assertThat(d.path("host").path("kind").asText()).isEqualTo("estimated");
            assertThat(d.path("host").path("reasons").get(0).asText()).isEqualTo("cpu-estimate: requested");
            // simulated + estimated: the node is no better than its weakest part
            assertThat(d.path("node").path("kind").asText()).isEqualTo("simulated");
        }
    }

    @Test
    void a_node_headline_makes_energy_j_the_sum_and_says_so() throws Exception {
        for (Map<String, String> row : rows(nodeRun())) {
            assertThat(row).containsEntry("headline_domain", "node").containsEntry("energy_kind", "simulated")
                    .containsEntry("energy_source", "simulated+cpu-estimate");
            assertThat(Double.parseDouble(row.get("energy_j"))).isEqualTo(Double.parseDouble(row.get("node_energy_j")));
            assertThat(Double.parseDouble(row.get("gpu_energy_j")) + Double.parseDouble(row.get("host_energy_j")))
                    .as("the GPU figure stays in windows.csv when the headline is the node")
                    .isCloseTo(Double.parseDouble(row.get("energy_j")), within(1e-6));
        }
    }

    @Test
    void devices_csv_has_each_domains_devices_and_groups_sum_the_gpu_domain_whatever_the_headline() throws Exception {
        Path folder = nodeRun();
        List<Map<String, String>> devices = rows(folder, "devices.csv");
        for (Map<String, String> w : rows(folder)) {
            String id = w.get("experiment_id");
            List<Map<String, String>> gpu = devices.stream().filter(d -> d.get("experiment_id").equals(id)
                    && d.get("domain").equals("gpu")).toList();
            List<Map<String, String>> host = devices.stream().filter(d -> d.get("experiment_id").equals(id)
                    && d.get("domain").equals("host")).toList();
            assertThat(gpu).singleElement().satisfies(d -> assertThat(d).containsEntry("energy_kind", "simulated")
                    .containsEntry("energy_source", "simulated").containsEntry("device_group", "decode"));
            assertThat(host).isNotEmpty().allSatisfy(d -> assertThat(d).containsEntry("energy_kind", "estimated")
                    .containsEntry("energy_source", "cpu-estimate").containsEntry("device_group", ""));
            double gpuJ = Double.parseDouble(gpu.getFirst().get("energy_j"));
            double hostJ = host.stream().mapToDouble(d -> Double.parseDouble(d.get("energy_j"))).sum();
            assertThat(hostJ).isCloseTo(Double.parseDouble(w.get("host_energy_j")), within(1e-6));
            assertThat(gpuJ + hostJ).isCloseTo(Double.parseDouble(w.get("energy_j")), within(1e-6));
            JsonNode result = new ObjectMapper().readTree(folder.resolve(id).resolve("result.json").toFile());
            // the group is GPUs: its energy is the GPU domain's, not the node headline's
            assertThat(result.path("energy_per_group_j").path("decode").asDouble()).isCloseTo(gpuJ, within(1e-6));
        }
    }
}

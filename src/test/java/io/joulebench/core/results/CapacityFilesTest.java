package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Prober;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.study.CapacitySearchConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityFilesTest {

    @TempDir
    Path dir;

    @Test
    void capacity_json_keeps_settings_path_with_brackets_and_outcome_and_probes_csv_a_row_per_probe() throws Exception {
        Study study = Studies.load(dir, "s.yaml", """
                serving_mode: server
                server:
                  capacity_search: {slo: {ttft_p99_ms: 500}, min_rate: 1, max_rate: 5, tolerance: 1,
                                    measure_fractions: [1.0, 0.5]}
                """);
        ResolvedCell resolved = io.joulebench.core.study.StudyPlan.of(study).cells().getFirst();
        ResolvedCell cell = resolved;
        CapacitySearchConfig own = cell.experiment().server().capacitySearch();
        // the session records the search with the fractions of every cell measured from it
        CapacitySearchConfig settings = new CapacitySearchConfig(own.slo(), own.maxErrorFraction(), own.minRate(),
                own.maxRate(), own.tolerance(), own.probeSeconds(), List.of(1.0, 0.5));
        Prober linear = rate -> new Prober.Figures(Map.of(LevelMetric.TTFT_P99, 150.0 * rate), 0.0);
        CapacitySearch.Result result = settings.search().run(linear);

        CapacityFiles.write(dir, resolved, settings, result);
        CapacityFiles.write(dir, resolved, settings, result); // a rerun search replaces the cell's record

        assertThat(CapacityFiles.summaryLines(dir)).containsExactly(
                "capacity search (cell 0): capacity 3.00 req/s, bracket 3.00–4.00 req/s, 4 probes (probes.csv)");
        JsonNode root = new ObjectMapper().readTree(dir.resolve(CapacityFiles.JSON).toFile());
        assertThat(root.path("searches")).hasSize(1);
        JsonNode s = root.path("searches").get(0);
        assertThat(s.path("cell").asText()).isEqualTo(ManifestEntry.key(cell.configHash(), 1));
        assertThat(s.path("settings").path("slo").path("ttft_p99_ms").asDouble()).isEqualTo(500);
        assertThat(s.path("outcome").asText()).isEqualTo("bracketed");
        assertThat(s.path("capacity").asDouble()).isEqualTo(3);
        assertThat(s.path("bracket_high").asDouble()).isEqualTo(4);
        assertThat(s.path("measured_rates")).extracting(JsonNode::asDouble).containsExactly(3.0, 1.5);
        JsonNode path = s.path("path");
        assertThat(path).extracting(p -> p.path("rate_req_s").asDouble()).containsExactly(1.0, 5.0, 3.0, 4.0);
        assertThat(path.get(0).path("bracket_high").isNull()).as("no probe failed yet").isTrue();
        assertThat(path.get(1).path("bracket_high").asDouble()).isEqualTo(5);
        assertThat(path.get(3).path("bracket_low").asDouble()).isEqualTo(3);
        assertThat(path.get(1).path("violations").get(0).asText()).isEqualTo("ttft_p99_ms 750 > 500");

        List<String> csv = Files.readAllLines(dir.resolve(CapacityFiles.CSV));
        assertThat(csv).hasSize(1 + 4);
        assertThat(csv.get(0)).startsWith("cell,probe,rate_req_s,meets,error_fraction,ttft_p50_ms")
                .endsWith("bracket_low,bracket_high,violations");
        assertThat(csv.get(2)).startsWith(ManifestEntry.key(cell.configHash(), 1) + ",2,5,false,0,,,750,")
                .endsWith(",1,5,ttft_p99_ms 750 > 500");
        assertThat(Files.exists(dir.resolve("windows.csv"))).as("probes never reach windows.csv").isFalse();
    }
}

package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowRowMapperTest {

    @TempDir
    Path tmp;

    private final WindowRowMapper mapper = new WindowRowMapper("s", "9.9");

    private ResolvedCell cell(String yaml) {
        return StudyPlan.of(Studies.load(tmp, "s.yaml", yaml)).cells().get(0);
    }

    @Test
    void gamma_shape_is_one_over_cv_squared_and_constant_arrivals_have_none() {
        ResolvedCell gamma = cell("serving_mode: server\nserver: {traffic: {rate: 4, arrival: gamma, burstiness: 0.5,"
                + " concurrency_cap: 16}}\n");
        Map<String, Object> row = mapper.map(ResultsFolderTest.level(gamma, 0, true),
                FakeSessionRunner.window(0, 0, 4), "id");
        assertThat(row).containsEntry("burstiness_cv", 0.5).containsEntry("gamma_shape_k", 4.0)
                .containsEntry("arrival", "gamma").containsEntry("concurrency_cap", 16);
        ResolvedCell constant = cell("serving_mode: server\nserver: {traffic: {rate: 4, arrival: constant}}\n");
        Map<String, Object> c = mapper.map(ResultsFolderTest.level(constant, 0, true),
                FakeSessionRunner.window(0, 0, 4), "id");
        assertThat(c).containsEntry("burstiness_cv", 0.0).containsEntry("gamma_shape_k", null);
    }

    @Test
    void values_follow_the_column_order_and_the_invalid_reason_comes_from_the_gate() {
        ResolvedCell server = cell("serving_mode: server\nserver: {traffic: {rate: 2}}\n");
        LevelResult level = ResultsFolderTest.level(server, 1, false);
        WindowRecord w = level.windows().get(2);
        List<Object> values = mapper.values(level, w, "server-x");
        assertThat(values).hasSize(WindowsCsvColumns.ALL.size());
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("experiment_id"))).isEqualTo("server-x");
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("level_index"))).isEqualTo(1);
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("window_index"))).isEqualTo(2);
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("level_valid"))).isEqualTo(false);
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("level_cov"))).isEqualTo(0.21);
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("invalid_reason"))).isEqualTo("J/token CV 0.21 > 0.05");
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("tool_version"))).isEqualTo("9.9");
        assertThat(values.get(WindowsCsvColumns.ALL.indexOf("output_tokens_per_s"))).isEqualTo(w.tokens() / 5.0);
    }

    @Test
    void offline_window_fills_the_same_row_with_server_only_fields_empty() {
        ResolvedCell offline = cell("serving_mode: offline\ntask: {dataset: {n_prompts: 50}}\n"
                + "offline: {concurrency: 8}\n");
        LevelResult level = ResultsFolderTest.level(offline, 0, true);
        String id = io.joulebench.core.session.WindowIds.of(offline, 0, 0);
        assertThat(id).matches("offline-[0-9a-f]{16}-c1");
        // one owner: the level's own id and the bundle folder's agree, for a later offline window too
        assertThat(level.windowId(0)).isEqualTo(id);
        assertThat(level.windowId(1)).isEqualTo(id + "-W1");
        Map<String, Object> row = mapper.map(level, level.windows().get(0), id);
        for (String serverOnly : List.of("rate_req_s", "arrival", "burstiness_cv", "gamma_shape_k", "seed",
                "concurrency_cap", "dispatch_lag_p50_ms", "cap_bound_fraction", "slo_pass", "warmup_mode")) {
            assertThat(row.get(serverOnly)).as(serverOnly).isNull();
        }
        assertThat(row).containsEntry("experiment_id", id).containsEntry("energy_kind", "simulated");
        assertThat(row.get("energy_j")).isNotNull();
        assertThat(row.get("ttft_p99_ms")).isEqualTo(41.25);
    }
}

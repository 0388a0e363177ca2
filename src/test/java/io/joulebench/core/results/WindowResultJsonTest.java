package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.HostName;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The energy fields of a window's result.json: the meter's warnings, the energy edges, devices and settings. */
class WindowResultJsonTest {

    @TempDir
    Path tmp;

    private JsonNode json(BracketResult bracket, EnergyContext energy) {
        return json(bracket, energy, FakeSessionRunner.block("s1", 1, 1));
    }

    private JsonNode json(BracketResult bracket, EnergyContext energy, SessionBlock block) {
        ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "s.yaml", "serving_mode: server\n"
                + "server: {traffic: {rate: 2}}\n")).cells().get(0);
        WindowRecord base = FakeSessionRunner.window(0, 0, 2);
        WindowRecord w = new WindowRecord(0, 0, base.spanStartNanos(), base.spanEndNanos(), bracket, base.tokens(),
                base.intraWindowCv(), base.metrics(), base.serverReportedOutputTokens(), false);
        LevelResult valid = ResultsFolderTest.level(cell, 0, true);
        LevelResult level = new LevelResult(cell, "s1", 0, valid.outcome(), List.of(w), null, energy, null, false);
        return WindowResultJson.of(new WindowRowMapper("s", "1").facts(level, w, "id"),
                block, false, Redactor.learning());
    }

    private static BracketResult bracket(long startNanos, long endNanos, List<String> warnings) {
        BracketResult b = FakeSessionRunner.window(0, 0, 2).bracket();
        return new BracketResult(new BracketResult.Span(startNanos, endNanos, b.startUtc(), b.endUtc()),
                b.provenance(), b.energyJ(), b.deviceEnergyJ(), b.integratedJ(), b.truthJ(), b.samples(), warnings);
    }

    @Test
    void the_meters_warnings_reach_measurement_warnings() {
        WindowRecord base = FakeSessionRunner.window(0, 0, 2);
        JsonNode n = json(bracket(base.spanStartNanos(), base.spanEndNanos(),
                List.of("stale DCGM values: GPU 0", "estimated from CPU time: 10.0 W per busy core + 0.0 W idle")),
                FakeSessionRunner.energy());

        List<String> warnings = new ArrayList<>();
        n.path("measurement_warnings").forEach(x -> warnings.add(x.asText()));
        assertThat(warnings).containsExactly("stale DCGM values: GPU 0",
                "estimated from CPU time: 10.0 W per busy core + 0.0 W idle");
        assertThat(n.path("energy_edge_start_s").asDouble()).isEqualTo(base.spanStartSeconds());
        assertThat(n.path("energy_edge_end_s").asDouble()).isEqualTo(base.spanEndSeconds());
    }

    @Test
    void energy_edges_off_the_token_span_are_recorded_and_flagged() {
        WindowRecord base = FakeSessionRunner.window(0, 0, 2);
        JsonNode n = json(bracket(base.spanStartNanos() + 2_000_000L, base.spanEndNanos() + 80_000_000L, List.of()),
                FakeSessionRunner.energy());

        assertThat(n.path("energy_edge_end_s").asDouble()).isEqualTo(base.spanEndSeconds() + 0.08);
        assertThat(n.path("measurement_warnings")).singleElement().extracting(JsonNode::asText).asString()
                .contains("+2.0 ms (start)", "+80.0 ms (end)");
    }

    @Test
    void the_session_meters_devices_and_settings_are_recorded() {
        WindowRecord base = FakeSessionRunner.window(0, 0, 2);
        EnergyContext energy = new EnergyContext("cpu-estimate", EnergyKind.ESTIMATED, EnergyMethod.INTEGRATED_POWER,
                List.of("cpu-estimate: requested"), null, List.of(new DeviceInfo(2, "GPU 2", "GPU-2")),
                Map.of("watts_per_core", 12.5, "cpu_time_source", "cgroup"));
        JsonNode n = json(bracket(base.spanStartNanos(), base.spanEndNanos(), List.of()), energy);

        assertThat(n.path("energy_devices")).singleElement().satisfies(d -> {
            assertThat(d.path("index").asInt()).isEqualTo(2);
            assertThat(d.path("uuid").asText()).isEqualTo("GPU-2");
        });
        assertThat(n.path("energy_settings").path("watts_per_core").asDouble()).isEqualTo(12.5);
        assertThat(n.path("energy_settings").path("cpu_time_source").asText()).isEqualTo("cgroup");
    }

    @Test
    void the_machine_and_the_engines_version_sit_beside_the_tool_version() {
        WindowRecord base = FakeSessionRunner.window(0, 0, 2);
        SessionBlock b = FakeSessionRunner.block("s1", 1, 1);
        SessionBlock withVersion = new SessionBlock(b.sessionId(), b.windowCount(), b.levelCount(),
                b.launchDurationS(), b.launchEnergyJ(), b.warmupTotalDurationS(), b.warmupTotalEnergyJ(),
                b.drainDurationS(), b.drainEnergyJ(), "vllm 0.11.0");
        JsonNode n = json(bracket(base.spanStartNanos(), base.spanEndNanos(), List.of()), FakeSessionRunner.energy(),
                withVersion);

        assertThat(n.path("tool_version").asText()).isEqualTo("1");
        assertThat(n.path("host_name").asText()).isEqualTo(HostName.get()).isNotBlank();
        assertThat(n.path("session").path("engine_version").asText()).isEqualTo("vllm 0.11.0");
    }
}

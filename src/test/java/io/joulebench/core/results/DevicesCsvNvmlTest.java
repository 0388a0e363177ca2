package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.FakeNvml;
import io.joulebench.core.energy.NvmlEnergyMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.WindowIds;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.window.IssuerSummary;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18 on the real NVML path: the fake libnvidia-ml.so with four GPUs drawing 100, 200, 300 and 400 W, a real
 * {@link NvmlEnergyMeter} and {@link SampledMeasurementBracket}, and groups prefill [0, 1] / decode [2, 3]. Each
 * device's row in devices.csv must hold its own power × the bracket's duration, and each group the sum of its own.
 */
class DevicesCsvNvmlTest {

    private static final double[] WATTS = {100, 200, 300, 400};
    private static final long TOKENS = 4_000;

    @TempDir
    Path tmp;

    @Test
    void every_device_row_and_each_group_holds_its_own_gpus_energy() throws Exception {
        FakeNvml.configure("gpus=4;power_w=100,200,300,400;update_ms=0");
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", """
                study_name: groups
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                reference: {gpus: 4}
                measurement:
                  energy_sampler: nvml
                  baseline: {enabled: false}
                  device_groups: {prefill: [0, 1], decode: [2, 3]}
                server: {traffic: {rate: 2}, windows_per_level: 1}
                """));
        ResolvedCell cell = plan.cells().getFirst();
        BracketResult b;
        EnergyContext energy;
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, Clock.system(),
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
            bracket.open();
            Thread.sleep(600); // lets energy accumulate; the check reads the bracket's own duration
            b = bracket.finish();
            energy = EnergyContext.of(meter, List.of(), null);
        }
        WindowRecord w = new WindowRecord(0, 0, b.startNanos(), b.endNanos(), b, TOKENS, null, null, null, false);
        WindowSpec spec = new WindowSpec(2, b.durationSeconds(), 0, 1, 0.05, 0.01);
        LevelOutcome outcome = new LevelOutcome(0, spec, List.of(w), new LevelValidation(true, null, 0.0, 1, 0.05),
                new IssuerSummary(1, 1, 0, 0, b.endNanos() - b.startNanos(), null, 0.0,
                        IssuerReport.LatencySummary.EMPTY));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        folder.cellStarted(cell, "00000000000000aa");
        folder.levelClosed(new LevelResult(cell, "00000000000000aa", 0, outcome, List.of(w), null, energy, null,
                false), new SessionBlock("00000000000000aa", 1, 1, null, null, null, null, null, null));
        String id = WindowIds.of(cell, 0, 0);

        List<Map<String, String>> rows = Csv.rows(folder.dir().resolve(DevicesCsv.FILE_NAME));
        assertThat(rows).hasSize(4);
        assertThat(Csv.rows(folder.dir().resolve(id).resolve(DevicesCsv.FILE_NAME))).as("the bundle's own rows")
                .isEqualTo(rows);
        double seconds = b.durationSeconds();
        assertThat(seconds).isGreaterThan(0.5);
        for (int d = 0; d < 4; d++) {
            Map<String, String> r = rows.get(d);
            assertThat(r.get("experiment_id")).isEqualTo(id);
            assertThat(r.get("level_index")).isEqualTo("0");
            assertThat(r.get("window_index")).isEqualTo("0");
            assertThat(r.get("domain")).isEqualTo("gpu");
            assertThat(r.get("device_index")).isEqualTo(String.valueOf(d));
            assertThat(r.get("device_uuid")).startsWith("GPU-");
            assertThat(r.get("device_name")).isEqualTo("Fake H100 80GB HBM3");
            assertThat(r.get("architecture")).isEqualTo("Hopper");
            assertThat(r.get("device_group")).isEqualTo(d < 2 ? "prefill" : "decode");
            assertThat(r.get("energy_kind")).isEqualTo("measured");
            assertThat(r.get("energy_method")).isEqualTo("counter");
            assertThat(r.get("energy_source")).isEqualTo("nvml");
            assertThat(Double.parseDouble(r.get("duration_s"))).isCloseTo(seconds, within(1e-9));
            // the fake's counter is power × CLOCK_MONOTONIC time; 2 % allows for where in the edge read it was read
            assertThat(Double.parseDouble(r.get("energy_j"))).as("GPU %d", d)
                    .isCloseTo(WATTS[d] * seconds, within(WATTS[d] * seconds * 0.02));
            assertThat(Double.parseDouble(r.get("mean_power_w"))).isCloseTo(WATTS[d], within(WATTS[d] * 0.02));
            assertThat(Double.parseDouble(r.get("energy_j"))).isCloseTo(b.deviceEnergyJ().get(d), within(1e-9));
        }
        double prefill = energyOf(rows, "prefill");
        double decode = energyOf(rows, "decode");
        assertThat(prefill).isCloseTo(300 * seconds, within(300 * seconds * 0.02));
        assertThat(decode).isCloseTo(700 * seconds, within(700 * seconds * 0.02));

        JsonNode result = new ObjectMapper().readTree(folder.dir().resolve(id).resolve("result.json").toFile());
        assertThat(result.path("energy_per_group_j").path("prefill").asDouble()).isCloseTo(prefill, within(1e-9));
        assertThat(result.path("energy_per_group_j").path("decode").asDouble()).isCloseTo(decode, within(1e-9));
        assertThat(result.path("j_per_token_per_group").path("prefill").asDouble())
                .isCloseTo(prefill / TOKENS, within(1e-12));
        assertThat(result.path("j_per_token_per_group").path("decode").asDouble())
                .isCloseTo(decode / TOKENS, within(1e-12));
        assertThat(prefill + decode).as("every GPU is in a group").isCloseTo(result.path("energy_j").asDouble(),
                within(1e-9));
        assertThat(result.path("energy_devices").get(3).path("architecture").asText()).isEqualTo("Hopper");
        WindowRow row = WindowsCsvTable.readFolder(folder.dir()).rows().getFirst();
        assertThat(row.text("device_groups")).isEqualTo("decode=2,3;prefill=0,1");
    }

    private static double energyOf(List<Map<String, String>> rows, String group) {
        return rows.stream().filter(r -> r.get("device_group").equals(group))
                .mapToDouble(r -> Double.parseDouble(r.get("energy_j"))).sum();
    }
}

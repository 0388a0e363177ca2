package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.FakeNvml;
import io.joulebench.core.energy.NvmlEnergyMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window measured on the fake NVML library: its memory, SM clock, throttle reasons and instant power reach
 * timeseries.csv, timeseries.parquet (read back by DuckDB) and result.json's {@code provenance}; an old driver
 * without those calls gives nulls and still a measured figure.
 */
class TelemetryBundleTest {

    @TempDir
    Path tmp;

    @Test
    void known_memory_clock_and_throttle_values_reach_the_timeseries_and_the_provenance() throws Exception {
        FakeNvml.configure("gpus=2;power_w=100,200;mem_mib=20480;sm_mhz=1410;reasons=0x4;throttle=1;update_ms=50");
        Path bundle;
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            bundle = write(measure(meter), EnergyContext.of(meter, List.of(), null));
        }
        List<String> csv = Files.readAllLines(bundle.resolve("timeseries.csv"));
        assertThat(csv.getFirst()).isEqualTo("t_s,gpu_idx,power_w,temperature_c,throttled,memory_used_mib,"
                + "sm_clock_mhz,throttle_reasons,power_instant_w");
        assertThat(csv.stream().skip(1).map(l -> l.substring(l.indexOf(',') + 1)).distinct())
                .containsExactlyInAnyOrder("0,100,55,false,20480,1410,sw_power_cap,100",
                        "1,200,55,true,20480,1410,sw_power_cap;hw_thermal_slowdown,200");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT gpu_idx, min(memory_used_mib), max(sm_clock_mhz),"
                     + " string_agg(DISTINCT throttle_reasons), min(power_instant_w), count(*) FROM '"
                     + bundle.resolve("timeseries.parquet") + "' GROUP BY gpu_idx ORDER BY gpu_idx")) {
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                assertThat(rs.getLong(6)).isGreaterThanOrEqualTo(2);
                rows.add(rs.getInt(1) + " " + rs.getDouble(2) + " " + rs.getDouble(3) + " " + rs.getString(4)
                        + " " + rs.getDouble(5));
            }
            assertThat(rows).containsExactly("0 20480.0 1410.0 sw_power_cap 100.0",
                    "1 20480.0 1410.0 sw_power_cap;hw_thermal_slowdown 200.0");
        }
        JsonNode r = ResultsJson.read(bundle.resolve("result.json"));
        JsonNode p = r.path("provenance");
        assertThat(p.path("energy_field").asText()).isEqualTo("total_energy_counter");
        assertThat(p.path("driver_version").asText()).isEqualTo("550.54.15-fake");
        assertThat(p.path("throttle_reasons_field").asText()).isEqualTo("nvmlDeviceGetCurrentClocksEventReasons");
        assertThat(p.path("dcgm_collection_interval_ms").isNull()).isTrue();
        // the fake ticks every 50 ms; the meter states NVML's 100 ms: the measured spacing is the fake's
        assertThat(r.path("energy_settings").path("counter_update_period_ms").asLong()).isEqualTo(100);
        assertThat(p.path("counter_update_period_measured_ms").asDouble()).isBetween(40.0, 60.0);
        assertThat(p.path("counter_tick_spacings").asInt()).isPositive();
        assertThat(p.path("counter_tick_resolution_ms").asDouble()).isEqualTo(5.0);
        JsonNode gpu1 = p.path("devices").get(1);
        assertThat(gpu1.path("index").asInt()).isEqualTo(1);
        assertThat(gpu1.path("architecture").asText()).isEqualTo("Hopper");
        assertThat(gpu1.path("power_limit_w").asDouble()).isEqualTo(700.0);
        assertThat(gpu1.path("sm_clock_max_mhz").asInt()).isEqualTo(1980);
        assertThat(gpu1.path("sm_clock_min_seen_mhz").asInt()).isEqualTo(1410);
        assertThat(gpu1.path("sm_clock_max_seen_mhz").asInt()).isEqualTo(1410);
        assertThat(gpu1.path("memory_used_max_mib").asDouble()).isEqualTo(20480.0);
        assertThat(gpu1.path("throttle_reasons_seen").toString())
                .isEqualTo("[\"sw_power_cap\",\"hw_thermal_slowdown\"]");
        assertThat(gpu1.path("power_field").asText()).isEqualTo("power_instant");
        // each value once: the facts the provenance presents left energy_settings
        assertThat(r.path("energy_settings").has("driver_version")).isFalse();
        assertThat(r.path("energy_settings").has("architectures")).isFalse();
        assertThat(r.path("energy_settings").path("gpu_indices").size()).isEqualTo(2);
    }

    @Test
    void an_old_driver_gives_null_telemetry_and_still_a_measured_window() throws Exception {
        FakeNvml.assumeBuilt();
        Path bundle;
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(FakeNvml.oldDriverLibrary(), List.of(), Clock.system())) {
            bundle = write(measure(meter), EnergyContext.of(meter, List.of(), null));
        }
        List<String> csv = Files.readAllLines(bundle.resolve("timeseries.csv"));
        assertThat(csv.stream().skip(1).map(l -> l.substring(l.indexOf(',') + 1)).distinct())
                .containsExactlyInAnyOrder("0,100,55,false,,,none,", "1,200,55,false,,,none,");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*), count(memory_used_mib), count(sm_clock_mhz),"
                     + " count(power_instant_w), count(throttle_reasons) FROM '"
                     + bundle.resolve("timeseries.parquet") + "'")) {
            rs.next();
            assertThat(rs.getLong(1)).isGreaterThanOrEqualTo(4);
            assertThat(List.of(rs.getLong(2), rs.getLong(3), rs.getLong(4))).containsOnly(0L);
            assertThat(rs.getLong(5)).isEqualTo(rs.getLong(1));
        }
        JsonNode r = ResultsJson.read(bundle.resolve("result.json"));
        assertThat(r.path("energy_method").asText()).isEqualTo("integrated-power");
        assertThat(r.path("energy_j").asDouble()).isPositive();
        JsonNode p = r.path("provenance");
        assertThat(p.path("energy_field").asText()).isEqualTo("power_integral");
        assertThat(p.path("counter_update_period_measured_ms").isNull()).isTrue();
        JsonNode gpu0 = p.path("devices").get(0);
        assertThat(gpu0.path("architecture").asText()).isEqualTo("unknown");
        assertThat(gpu0.path("sm_clock_min_seen_mhz").isNull()).isTrue();
        assertThat(gpu0.path("memory_used_max_mib").isNull()).isTrue();
        assertThat(gpu0.path("throttle_reasons_seen").size()).isZero();
        assertThat(gpu0.path("power_field").asText()).isEqualTo("power_usage_averaged");
    }

    /** About 0.6 s on the real clock, sampled every 50 ms. */
    private static BracketResult measure(NvmlEnergyMeter meter) throws InterruptedException {
        try (SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, Clock.system(),
                SampledMeasurementBracket.Options.defaults().withSampleInterval(Duration.ofMillis(50)))) {
            bracket.open();
            Thread.sleep(600);
            return bracket.finish();
        }
    }

    private Path write(BracketResult b, EnergyContext energy) throws Exception {
        ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "s.yaml", "serving_mode: server\n"
                + "server: {traffic: {rate: 2}}\n")).cells().get(0);
        WindowRecord base = FakeSessionRunner.window(0, 0, 2);
        WindowRecord w = new WindowRecord(0, 0, b.startNanos(), b.endNanos(), b, base.tokens(), base.intraWindowCv(),
                base.metrics(), base.serverReportedOutputTokens(), false);
        LevelResult valid = ResultsFolderTest.level(cell, 0, true);
        LevelResult level = new LevelResult(cell, "s1", 0, valid.outcome(), List.of(w), null, energy, null, false);
        WindowFacts facts = new WindowRowMapper("s", "1").facts(level, w, "w0");
        Path out = Files.createDirectories(tmp.resolve("out"));
        return BundleWriter.write(out, facts, WindowRowMapper.values(facts), FakeSessionRunner.block("s1", 1, 1),
                null, Redactor.learning(), CrashHook.NONE);
    }
}

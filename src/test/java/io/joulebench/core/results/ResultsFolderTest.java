package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFolderTest {

    @TempDir
    Path tmp;

    private StudyRunResult runQuick() throws IOException {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        return new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .run(study, tmp.resolve("out"), StudyRunListener.NONE);
    }

    @Test
    void folder_is_named_by_study_and_utc_second_and_holds_the_study_as_given() throws IOException {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), StudyPlan.of(study), VirtualClock.atSeconds(7.89));
        assertThat(f.dir().getFileName().toString()).isEqualTo("quick-20260101T000007Z");
        assertThat(Files.readString(f.dir().resolve("study.yaml"))).isEqualTo(Studies.QUICK);
        ResultsFolder second = ResultsFolder.create(tmp.resolve("out"), StudyPlan.of(study),
                VirtualClock.atSeconds(7.99));
        assertThat(second.dir().getFileName().toString()).isEqualTo("quick-20260101T000007Z-2");
        JsonNode resolved = ResultsJson.read(f.dir().resolve("resolved.json"));
        assertThat(resolved.path("cells")).hasSize(3);
        assertThat(resolved.path("cells").get(2).path("config_hash").asText()).matches("[0-9a-f]{16}");
        assertThat(resolved.path("groups").toString()).isEqualTo("[[0,1,2]]");
        assertThat(resolved.path("host_name").asText()).isEqualTo(io.joulebench.core.HostName.get()).isNotBlank();
        assertThat(f.entries()).extracting(ManifestEntry::status).containsOnly(CellStatus.PENDING);
        assertThat(Files.readString(f.dir().resolve("windows.csv")))
                .isEqualTo(String.join(",", WindowsCsvColumns.ALL) + "\r\n");
    }

    @Test
    void windows_csv_has_every_column_in_order_and_one_row_per_window() throws IOException {
        StudyRunResult r = runQuick();
        WindowsCsvTable table = WindowsCsvTable.readFolder(r.folder());
        assertThat(table.columns()).containsExactlyElementsOf(WindowsCsvColumns.ALL);
        assertThat(table.rows()).hasSize(9);
        WindowRow first = table.rows().get(0);
        assertThat(first.energyKind()).isEqualTo("simulated");
        assertThat(first.raw("energy_truth_j")).isNotEmpty();
        assertThat(first.raw("energy_method")).isEqualTo("counter");
        assertThat(first.raw("arrival")).isEqualTo("poisson");
        assertThat(first.raw("burstiness_cv")).isEqualTo("1");
        assertThat(first.raw("gamma_shape_k")).isEqualTo("1");
        assertThat(first.raw("seed")).isEqualTo("7");
        assertThat(first.raw("concurrency_cap")).isEmpty();
        assertThat(first.raw("duration_s")).isEqualTo("5");
        assertThat(first.raw("window_start_utc")).isEqualTo("2025-01-01T00:00:10Z");
        assertThat(first.raw("baseline_power_w")).isEqualTo("80");
        double energy = first.number("energy_j").orElseThrow();
        assertThat(first.number("energy_adjusted_j").orElseThrow()).isEqualTo(energy - 80 * 5);
        double tokens = first.number("output_tokens").orElseThrow();
        assertThat(first.number("mj_per_token").orElseThrow()).isCloseTo(energy / tokens * 1000, within());
        assertThat(first.number("mj_per_token_adjusted").orElseThrow())
                .isCloseTo((energy - 400) / tokens * 1000, within());
        assertThat(first.raw("level_valid")).isEqualTo("true");
        assertThat(first.raw("slo_pass")).isEqualTo("true");
        assertThat(first.raw("warmup_mode")).isEqualTo("fixed");
        assertThat(first.raw("warmup_converged")).isEqualTo("true");
        assertThat(first.raw("tool_version")).isNotEmpty();
        assertThat(first.raw("ttft_p90_ms")).isEqualTo("35.5");
        assertThat(first.raw("dispatch_lag_max_ms")).isEqualTo("0.4");
        assertThat(table.rows()).extracting(WindowRow::rate).extracting(d -> d.getAsDouble())
                .containsExactly(2.0, 2.0, 2.0, 8.0, 8.0, 8.0, 32.0, 32.0, 32.0);
    }

    @Test
    void bundles_are_named_by_window_id_and_hold_result_config_requests_and_timeseries() throws IOException {
        StudyRunResult r = runQuick();
        List<Path> bundles;
        try (Stream<Path> s = Files.list(r.folder())) {
            bundles = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(bundles).hasSize(9).allSatisfy(b -> {
            assertThat(b.getFileName().toString()).matches("server-[0-9a-f]{16}-c1-L[0-2]-W[0-2]");
            assertThat(b.resolve("config.json")).isRegularFile();
        });
        Path b = r.folder().resolve(r.entries().get(1).windowIds().get(2));
        assertThat(b.getFileName().toString()).endsWith("-c1-L1-W2");
        JsonNode result = ResultsJson.read(b.resolve("result.json"));
        assertThat(result.path("experiment_id").asText()).isEqualTo(b.getFileName().toString());
        assertThat(result.path("serving_mode").asText()).isEqualTo("server");
        assertThat(result.path("energy_kind").asText()).isEqualTo("simulated");
        assertThat(result.path("energy_truth_j").isNumber()).isTrue();
        assertThat(result.path("energy_adjusted_j").asDouble()).isEqualTo(109 * 5 - 80 * 5.0);
        assertThat(result.path("energy_adjusted_negative").asBoolean()).isFalse();
        assertThat(result.path("input_tokens").isNull()).isTrue();
        assertThat(result.path("server").path("level_index").asInt()).isEqualTo(1);
        assertThat(result.path("server").path("attribution_policy").asText()).isEqualTo("steady_state_span");
        assertThat(result.path("server_metrics").path("ttft").path("p99_ms").asDouble()).isEqualTo(41.25);
        assertThat(result.path("server_metrics").path("slo").path("slo_pass").asBoolean()).isTrue();
        assertThat(result.path("warmup").path("mode").asText()).isEqualTo("fixed");
        // the final session block was patched in at session close: drain measured, 9 windows
        assertThat(result.path("session").path("drain_energy_j").asDouble()).isEqualTo(50.0);
        assertThat(result.path("session").path("window_count").asInt()).isEqualTo(9);
        JsonNode config = ResultsJson.read(b.resolve("config.json"));
        assertThat(config.path("declared_config_hash").asText()).isEqualTo(r.entries().get(1).configHash());
        assertThat(config.path("config").path("server").path("traffic").path("rate").asDouble()).isEqualTo(8.0);
        assertThat(config.path("workload_note").asText()).contains("not comparable").contains("JOULEBENCH_AIENERGYSCORE");
        assertThat(Files.readAllLines(b.resolve("requests.csv"))).hasSize(3);
        List<String> ts = Files.readAllLines(b.resolve("timeseries.csv"));
        assertThat(ts.get(0)).isEqualTo("t_s,gpu_idx,power_w,temperature_c,throttled,memory_used_mib,sm_clock_mhz,"
                + "throttle_reasons,power_instant_w");
        assertThat(ts).hasSize(52);
        assertThat(ts.get(1)).as("a simulated meter reads no memory, clock, reasons or instant power")
                .isEqualTo("20,0,110,55.5,false,,,,");
        assertThat(r.folder().resolve(".tmp-staging")).doesNotExist();
    }

    @Test
    void manifest_updates_are_stamped_by_the_folders_clock() throws IOException {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        StudyPlan plan = StudyPlan.of(study);
        VirtualClock clock = VirtualClock.atSeconds(0);
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), plan, clock);
        clock.advance(java.time.Duration.ofSeconds(90));
        f.cellStarted(plan.cells().get(0), "s1");

        assertThat(Manifest.read(f.dir().resolve("manifest.json")).get(plan.cells().get(0).configHash(), 1)
                .updatedUtc()).isEqualTo("2026-01-01T00:01:30Z");
    }

    @Test
    void manifest_moves_pending_running_completed_or_failed_with_summary() throws IOException {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        StudyPlan plan = StudyPlan.of(study);
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        ResolvedCell a = plan.cells().get(0);
        ResolvedCell b = plan.cells().get(1);
        ResolvedCell c = plan.cells().get(2);
        f.cellStarted(a, "s1");
        assertThat(Manifest.read(f.dir().resolve("manifest.json")).get(a.configHash(), 1).status())
                .isEqualTo(CellStatus.RUNNING);
        f.levelClosed(level(a, 0, true), FakeSessionRunner.block("s1", 3, 1));
        f.cellStarted(b, "s1");
        f.levelClosed(level(b, 1, false), FakeSessionRunner.block("s1", 6, 2));
        f.cellFailed(c, "ServerLaunchException", "launch failed: no such image");
        Manifest m = Manifest.read(f.dir().resolve("manifest.json"));
        ManifestEntry ea = m.get(a.configHash(), 1);
        assertThat(ea.status()).isEqualTo(CellStatus.COMPLETED);
        assertThat(ea.windowIds()).hasSize(3).allMatch(id -> id.startsWith("server-" + a.configHash() + "-c1-L0-W"));
        assertThat(ea.summary().windows()).isEqualTo(3);
        assertThat(ea.summary().elapsedS()).isEqualTo(15.0);
        assertThat(ea.summary().energyJ()).isEqualTo(3 * 103 * 5.0);
        assertThat(ea.summary().mjPerToken()).isCloseTo(3 * 515.0 / ea.summary().tokens() * 1000, within());
        assertThat(ea.summary().valid()).isTrue();
        assertThat(ea.summary().energyKind()).isEqualTo("simulated");
        ManifestEntry eb = m.get(b.configHash(), 1);
        assertThat(eb.status()).isEqualTo(CellStatus.FAILED);
        assertThat(eb.failureType()).isEqualTo("LevelInvalid");
        assertThat(eb.reason()).contains("CV 0.21");
        assertThat(eb.credited()).isTrue();
        ManifestEntry ec = m.get(c.configHash(), 1);
        assertThat(ec.status()).isEqualTo(CellStatus.FAILED);
        assertThat(ec.failureType()).isEqualTo("ServerLaunchException");
        assertThat(ec.credited()).as("failed without windows is rerun on resume").isFalse();
        assertThat(WindowsCsvTable.readFolder(f.dir()).rows()).hasSize(6);
    }

    @Test
    void a_level_is_never_credited_twice() throws IOException {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        ResolvedCell a = plan.cells().get(0);
        f.cellStarted(a, "s1");
        f.levelClosed(level(a, 0, true), FakeSessionRunner.block("s1", 3, 1));
        assertThatThrownBy(() -> f.levelClosed(level(a, 0, true), FakeSessionRunner.block("s1", 3, 1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("never credited twice");
        assertThatThrownBy(() -> f.cellStarted(a, "s2")).isInstanceOf(IllegalStateException.class);
        f.cellFailed(a, "X", "late failure");
        assertThat(f.entry(a).status()).as("credited history is never rewritten").isEqualTo(CellStatus.COMPLETED);
        assertThat(WindowsCsvTable.readFolder(f.dir()).rows()).hasSize(3);
    }

    @Test
    void an_interrupted_level_keeps_its_closed_windows_as_degraded_bundles_outside_the_credited_ones()
            throws IOException {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        ResolvedCell a = plan.cells().get(0);
        f.cellStarted(a, "s1");
        Path staged = f.requestLogPath(a, "s1", 0, 0);
        io.joulebench.core.window.RequestLogRow row = io.joulebench.core.window.RequestRowSamples.varied(0).getFirst();
        try (io.joulebench.core.window.RequestLogSpill spill =
                     new io.joulebench.core.window.RequestLogSpill(0, 1, (l, window) -> staged)) {
            spill.row(row); // an interrupted level has no attribution
        }
        WindowRecord w = FakeSessionRunner.window(0, 0, 2);
        f.levelClosed(new LevelResult(a, "s1", 0, null, List.of(w), null, FakeSessionRunner.energy(), "aborted: cancelled",
                true), FakeSessionRunner.block("s1", 0, 1));

        assertThat(f.entry(a).status()).isEqualTo(CellStatus.RUNNING);
        assertThat(f.entry(a).reason()).isEqualTo("interrupted");
        assertThat(f.entry(a).windowIds()).isEmpty();
        assertThat(WindowsCsvTable.readFolder(f.dir()).rows()).isEmpty();
        String id = io.joulebench.core.session.WindowIds.of(a, 0, 0);
        assertThat(f.dir().resolve(id)).as("nothing in the credited namespace").doesNotExist();
        Path kept = onlyChild(f.dir().resolve(ResultsFolder.INTERRUPTED_DIR));
        assertThat(kept.getFileName().toString()).matches(java.util.regex.Pattern.quote(id) + "-\\d{8}T\\d{6}Z");
        JsonNode result = ResultsJson.read(kept.resolve("result.json"));
        assertThat(result.path("experiment_id").asText()).isEqualTo(id);
        assertThat(result.path("measurement_warnings").toString())
                .contains("degraded window bundle (level interrupted)").doesNotContain("level aborted");
        assertThat(Files.readString(kept.resolve("requests.csv"))).as("the staged rows, rendered once")
                .isEqualTo(io.joulebench.core.window.RequestColumns.TABLE.headerLine() + "\r\n"
                        + io.joulebench.core.window.RequestColumns.TABLE.csvLine(row) + "\r\n");
        assertThat(staged).doesNotExist();

        // a resume reopens the folder, reruns the level and credits the same id: no clash, the degraded copy stays
        ResultsFolder again = ResultsFolder.open(f.dir(), plan, Clock.system());
        assertThat(kept).isDirectory();
        again.cellStarted(a, "s2");
        again.levelClosed(level(a, 0, true), FakeSessionRunner.block("s2", 3, 1));
        assertThat(again.entry(a).windowIds()).contains(id);
        assertThat(f.dir().resolve(id).resolve("result.json")).isRegularFile();
        assertThat(WindowsCsvTable.readFolder(f.dir()).rows()).extracting(WindowRow::experimentId)
                .doesNotHaveDuplicates().contains(id);
        assertThat(kept).isDirectory();
    }

    @Test
    void server_logs_are_kept_in_the_logs_folder_of_the_run() throws IOException {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());

        assertThat(f.serverLogDir()).isEqualTo(f.dir().resolve("logs"));
        Files.createDirectories(f.serverLogDir());
        Files.writeString(f.serverLogDir().resolve("s1.log"), "engine says hi");
        ResultsFolder.open(f.dir(), plan, Clock.system());
        assertThat(f.serverLogDir().resolve("s1.log")).as("reconciliation leaves logs alone").hasContent("engine says hi");
    }

    private static Path onlyChild(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> children = s.toList();
            assertThat(children).hasSize(1);
            return children.getFirst();
        }
    }

    static LevelResult level(ResolvedCell cell, int levelIndex, boolean valid) {
        FakeSessionRunner runner = new FakeSessionRunner(0);
        List<WindowRecord> windows = List.of(FakeSessionRunner.window(levelIndex, 0, 2),
                FakeSessionRunner.window(levelIndex, 1, 2), FakeSessionRunner.window(levelIndex, 2, 2));
        var spec = new io.joulebench.core.window.WindowSpec(2, 5, 0, 3, 0.05);
        var validation = new io.joulebench.core.window.LevelValidation(valid, valid ? null : "J/token CV 0.21 > 0.05",
                valid ? 0.01 : 0.21, 3, 0.05);
        var outcome = new io.joulebench.core.window.LevelOutcome(levelIndex, spec, windows, validation, null);
        return new LevelResult(cell, "s1", levelIndex, outcome, windows, null, FakeSessionRunner.energy(), null, false);
    }

    static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }
}

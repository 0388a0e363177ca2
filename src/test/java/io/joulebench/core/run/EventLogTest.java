package io.joulebench.core.run;

import io.joulebench.core.event.RunEvent;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventLogTest {

    @TempDir
    Path dir;

    @Test
    void a_capacity_search_writes_a_line_per_probe_and_one_when_it_ends() throws Exception {
        io.joulebench.core.slo.Slo slo = new io.joulebench.core.slo.Slo(List.of(
                new io.joulebench.core.slo.Slo.Bound(io.joulebench.core.slo.LevelMetric.TTFT_P99, 500)));
        io.joulebench.core.capacity.CapacitySearch search = new io.joulebench.core.capacity.CapacitySearch(1, 5, 1,
                slo, null);
        try (EventLog log = new EventLog(dir, 0, VirtualClock.atSeconds(0))) {
            search.run(rate -> new io.joulebench.core.capacity.Prober.Figures(
                    java.util.Map.of(io.joulebench.core.slo.LevelMetric.TTFT_P99, 150.0 * rate), 0.0),
                    log::capacitySearchUpdated);
        }

        List<String> lines = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        // probes 1 (meets), 5 (breaks), 3 (meets), 4 (breaks): bracket 3–4 = the tolerance
        assertThat(lines).hasSize(5);
        JsonNode first = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(0));
        assertThat(first.path("event").asText()).isEqualTo("capacity_probe");
        assertThat(first.path("rate_req_s").asDouble()).isEqualTo(1);
        assertThat(first.path("meets").asBoolean()).isTrue();
        assertThat(first.path("ttft_p99_ms").asDouble()).isEqualTo(150);
        assertThat(first.path("bracket_low").asDouble()).isEqualTo(1);
        assertThat(first.has("bracket_high")).as("no probe has failed yet").isFalse();
        assertThat(first.path("line").asText()).isEqualTo(
                "capacity search: probe 1: 1.00 req/s, ttft_p99_ms 150.0 — meets the SLO; bracket 1–∞ req/s");
        JsonNode second = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(1));
        assertThat(second.path("meets").asBoolean()).isFalse();
        assertThat(second.path("line").asText()).contains("breaks it (ttft_p99_ms 750 > 500); bracket 1–5 req/s");
        JsonNode last = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(4));
        assertThat(last.path("event").asText()).isEqualTo("capacity_search_finished");
        assertThat(last.path("outcome").asText()).isEqualTo("bracketed");
        assertThat(last.path("capacity").asDouble()).isEqualTo(3);
        assertThat(last.path("bracket_high").asDouble()).isEqualTo(4);
        assertThat(last.path("probes").asInt()).isEqualTo(4);
        assertThat(last.path("line").asText()).isEqualTo(
                "capacity search: capacity 3.00 req/s (bracket 3.00–4.00 req/s) after 4 probes");
    }

    @Test
    void each_line_is_stamped_with_the_runs_clock_not_the_machines() throws Exception {
        // Issue 15 item 5: the events file read Instant.now() itself.
        VirtualClock clock = VirtualClock.atSeconds(0);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            log.event(new RunEvent.GpuAllocation(0, "first"));
            clock.advance(Duration.ofSeconds(90));
            log.studyFinished(false);
        }

        List<String> lines = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).contains("\"t\":\"2026-01-01T00:00:00Z\"", "\"event\":\"gpu_allocation\"", "\"line\":\"worker for session group 0: first\"");
        assertThat(lines.get(1)).contains("\"t\":\"2026-01-01T00:01:30Z\"", "\"event\":\"" + EventLog.STUDY_FINISHED);
    }

    @Test
    void a_cancelled_runs_thread_still_writes_every_later_event() throws Exception {
        // A cancel interrupts the run's thread; the events written after it (study_finished, which watch waits for)
        // must still land. A FileChannel closed itself at the first interrupted write and lost them all.
        VirtualClock clock = VirtualClock.atSeconds(0);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            Thread.currentThread().interrupt();
            try {
                log.event(new RunEvent.GpuAllocation(0, "after the cancel"));
                log.studyFinished(true);
            } finally {
                Thread.interrupted();
            }
        }

        List<String> lines = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).contains("\"event\":\"" + EventLog.STUDY_FINISHED);
    }

    @Test
    void a_levels_events_carry_its_cell_and_figures_beside_the_unchanged_line() throws Exception {
        // A folder followed by the workbench draws the window chart and level table from these fields.
        VirtualClock clock = VirtualClock.atSeconds(0);
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "s.yaml", Studies.QUICK));
        ResultsFolder folder = ResultsFolder.createAt(dir.resolve("run"), plan, clock);
        try (EventLog log = new EventLog(folder.dir(), 0, clock)) {
            new StudyRunner(new FakeSessionRunner(0), clock).continueIn(folder, plan, log);
        }

        List<JsonNode> events = wire(folder.dir());
        ResolvedCell first = plan.cells().get(0);
        String key = ManifestEntry.key(first.configHash(), first.cycle());
        JsonNode started = events.stream().filter(e -> e.path("event").asText().equals("level_started")).findFirst()
                .orElseThrow();
        assertThat(started.path(EventLog.CELL).asText()).isEqualTo(key);
        assertThat(started.path("windows").asInt()).isEqualTo(3);
        assertThat(started.path("line").asText()).startsWith("level 1/3 at 2 req/s");
        List<JsonNode> windows = events.stream().filter(e -> e.path("event").asText().equals("window_closed"))
                .toList();
        assertThat(windows).hasSize(9);
        assertThat(windows.get(1).path(EventLog.CELL).asText()).isEqualTo(key);
        assertThat(windows.get(1).path("window").asInt()).isEqualTo(1);
        assertThat(windows.get(1).path("j_per_token").isNumber()).isTrue();
        assertThat(windows.get(1).path("tokens").asLong()).isPositive();
        assertThat(windows.get(1).path("line").asText()).contains("window 2/3:", "J/token");
        JsonNode result = events.stream().filter(e -> e.path("event").asText().equals("level_result")).findFirst()
                .orElseThrow();
        assertThat(result.path(EventLog.CELL).asText()).isEqualTo(key);
        assertThat(result.path("valid").asBoolean()).isTrue();
        assertThat(result.path("j_per_token")).hasSize(3);
        assertThat(result.path("line").asText()).contains("valid, 3 windows; final ").endsWith(" tokens)");
        assertThat(events.get(events.size() - 1).path("event").asText()).isEqualTo(EventLog.STUDY_FINISHED);
    }

    @Test
    void an_auto_window_choice_is_a_line_with_its_length_and_data() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(0);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            log.windowLengthChosen(0, new io.joulebench.core.warmup.WindowChoice(35, 0.0298, 10, 300, 0.03,
                    "the shortest length", new io.joulebench.core.warmup.WarmupTraffic(240, 0, 15360, 0, 0.55, 60)));
        }
        JsonNode n = wire(dir).get(0);
        assertThat(n.path("event").asText()).isEqualTo("window_length_chosen");
        assertThat(n.path("window_s").asDouble()).isEqualTo(35);
        assertThat(n.path("predicted_cv").asDouble()).isEqualTo(0.0298);
        assertThat(n.path("warmup_requests").asLong()).isEqualTo(240);
        assertThat(n.path("warmup_output_tokens").asLong()).isEqualTo(15360);
        assertThat(n.path("max_s").asDouble()).isEqualTo(300);
        assertThat(n.path("line").asText()).contains("window length 35 s from the warmup (240 requests");
    }

    @Test
    void fields_beside_a_line_leave_out_what_is_null() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(0);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            log.event(new RunEvent.Job(RunEvent.Job.STATE, "12", 0, null, null, "PENDING", true, null, null, null, null,
                    null));
        }
        JsonNode n = wire(dir).get(0);
        assertThat(n.path("job_id").asText()).isEqualTo("12");
        assertThat(n.path("group").asInt()).isZero();
        assertThat(n.has("node")).isFalse();
        assertThat(n.path("line").asText()).isEqualTo("job 12: PENDING");
    }

    /** The file as JSON, as another program reads it. */
    private static List<JsonNode> wire(Path folder) throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        List<JsonNode> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve(EventLog.FILE_NAME))) {
            out.add(json.readTree(line));
        }
        return out;
    }
}

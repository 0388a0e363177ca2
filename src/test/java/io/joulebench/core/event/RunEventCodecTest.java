package io.joulebench.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.warmup.WarmupMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every kind of run event reads back from its events.jsonl line into the same record; old lines still read. */
class RunEventCodecTest {

    private static final RunEvent.At AT = new RunEvent.At(2, 3, 16.0, 75);

    private static final List<RunEvent> ONE_OF_EACH = List.of(
            new RunEvent.StudyStarted("quick", 3, 9, 1, 125.5, 1),
            new RunEvent.SessionStarted("s1", "reference", "process", 3),
            new RunEvent.ServerReady("s1", "http://127.0.0.1:8080"),
            new RunEvent.WarmupStarted(AT, "abc-c1", WarmupMode.FIXED),
            new RunEvent.WindowLengthChosen(AT, "abc-c1", 35.0, 0.0298, 0.03, 10.0, 300.0, 240L, 15360L, "why"),
            new RunEvent.WarmupFinished(AT, "abc-c1", WarmupMode.COMPOSITE, false, true, 61.2),
            new RunEvent.LevelStarted(AT, "abc-c1", 3, 20.0, 16.0),
            new RunEvent.WindowClosed(AT, "abc-c1", 1, 3, 13065, 20.0, 0.1188, true),
            new RunEvent.LevelFinished(AT, "abc-c1", false, false, "not steady.", 0.39, List.of(0.1, 0.2),
                    List.of(100L, 200L), 2, 55.0, 15.9,
                    new RunEvent.AutoWindow(35, 0.03, 0.03, 10, 300, 240L, 15360L, "why")),
            new RunEvent.CapacityProbe(1, 4, false, 0.0, List.of("tpot_p50_ms 20 > 15"), 0, 4.0,
                    Map.of("tpot_p50_ms", 20.0)),
            new RunEvent.CapacitySearchFinished(CapacitySearch.Outcome.AT_OR_ABOVE_MAXIMUM, 68.0, 4, 68, null),
            new RunEvent.SessionFinished("s1", 9),
            new RunEvent.StudyFinished(RunEvent.Outcome.INTERRUPTED, null),
            new RunEvent.Power(412.5),
            new RunEvent.GpuAllocation(1, "measuring GPUs [0] (slurm)"),
            new RunEvent.Job(RunEvent.Job.STATE, "812", 1, null, null, "RUNNING", true, "gpu07", null, null, null,
                    null),
            new RunEvent.WindowClosed(AT, "abc-c1", 2, 3, 900, 20.0, 0.2, false, 7L, 5L));

    @Test
    void each_event_reads_back_into_the_same_record_with_its_time_and_line() {
        Instant t = Instant.parse("2026-01-01T00:00:01.5Z");
        for (RunEvent e : ONE_OF_EACH) {
            String line = RunEventCodec.write(new RecordedEvent(t, RunEventText.line(e), e));
            RecordedEvent back = RunEventCodec.read(line).orElseThrow(() -> new AssertionError(line));
            assertThat(back.event()).as(line).isEqualTo(e);
            assertThat(back.t()).isEqualTo(t);
            assertThat(back.line()).isEqualTo(RunEventText.line(e));
        }
    }

    @Test
    void the_wire_keeps_its_names_and_spellings() {
        String probe = RunEventCodec.write(new RecordedEvent(null, null, ONE_OF_EACH.get(9)));
        assertThat(probe).contains("\"event\":\"capacity_probe\"", "\"tpot_p50_ms\":20.0", "\"rate_req_s\":4.0")
                .doesNotContain("figures", "bracket_high\":null");
        assertThat(RunEventCodec.write(new RecordedEvent(null, null, ONE_OF_EACH.get(10))))
                .contains("\"outcome\":\"at_or_above_maximum\"");
        assertThat(RunEventCodec.write(new RecordedEvent(null, null, ONE_OF_EACH.get(3))))
                .contains("\"event\":\"warmup_started\"", "\"cell\":\"abc-c1\"", "\"mode\":\"fixed\"");
        assertThat(RunEventCodec.write(new RecordedEvent(null, null, ONE_OF_EACH.get(8))))
                .contains("\"event\":\"level_result\"", "\"j_per_token\":[0.1,0.2]", "\"ttft_p99_ms\":55.0");
    }

    @Test
    void a_line_written_before_the_events_were_types_still_reads() {
        // 9c6e5a9's files: warmup mode and the outcome only in the line, a probe's figures beside its fields
        RecordedEvent warmup = RunEventCodec.read("{\"t\":\"2026-01-01T00:00:00Z\",\"event\":\"warmup_started\","
                + "\"line\":\"level 1/3 at 2 req/s, ETA 1m00s: warmup (fixed)\"}").orElseThrow();
        assertThat(warmup.event()).isInstanceOf(RunEvent.WarmupStarted.class);
        assertThat(((RunEvent.WarmupStarted) warmup.event()).mode()).isNull();
        assertThat(warmup.line()).endsWith("warmup (fixed)");
        RecordedEvent finished = RunEventCodec.read("{\"event\":\"study_finished\",\"line\":\"interrupted: x\"}")
                .orElseThrow();
        assertThat(((RunEvent.StudyFinished) finished.event()).outcome()).isNull();
        RecordedEvent probe = RunEventCodec.read("{\"event\":\"capacity_probe\",\"rate_req_s\":4,\"meets\":true,"
                + "\"error_fraction\":0,\"tpot_p50_ms\":2.5,\"bracket_low\":4}").orElseThrow();
        assertThat(((RunEvent.CapacityProbe) probe.event()).figures()).containsEntry("tpot_p50_ms", 2.5);
        assertThat(RunEventCodec.read("{\"event\":\"from_a_newer_version\",\"line\":\"hi\"}").orElseThrow())
                .extracting(RecordedEvent::event, RecordedEvent::line)
                .containsExactly(new RunEvent.Other(), "hi");
        assertThat(RunEventCodec.read("{\"event\":\"window_clo")).isEmpty();
    }
}

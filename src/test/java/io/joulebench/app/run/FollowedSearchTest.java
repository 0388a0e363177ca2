package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.editor.StudyCheck;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.capacity.Prober;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEventCodec;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A followed folder's capacity search, rebuilt from the events.jsonl lines a run writes, equals the run's own. */
class FollowedSearchTest {

    @Test
    void the_search_read_back_from_events_jsonl_has_the_runs_probes_bracket_and_capacity(@TempDir Path dir)
            throws Exception {
        StudyPlan plan = StudyPlan.of(StudyCheck.of("""
                serving_mode: server
                server: {capacity_search: {slo: {tpot_p50_ms: 15}, min_rate: 4, max_rate: 68, tolerance: 1}}
                """, null).study());
        CapacitySearch search = plan.cells().getFirst().experiment().server().capacitySearch().search();
        List<SearchProgress> reports = new ArrayList<>();
        Prober prober = rate -> new Prober.Figures(Map.of(LevelMetric.TPOT_P50, rate / 2,
                LevelMetric.TTFT_P99, 10 * rate), 0);
        try (EventLog log = new EventLog(dir, 0, Clock.system())) {
            search.run(prober, p -> {
                reports.add(p);
                log.capacitySearchUpdated(p);
            });
        }
        List<RecordedEvent> events = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(EventLog.FILE_NAME))) {
            events.add(RunEventCodec.read(line).orElseThrow());
        }

        FollowedRunFeed feed = new FollowedRunFeed("s", System::nanoTime);
        feed.planned(plan, List.of());
        feed.runEvents(events.subList(0, 3));
        SearchProgress midway = feed.snapshot().search();
        assertThat(midway.result()).isNull();
        assertThat(midway.path()).extracting(Probe::rate).containsExactly(4.0, 68.0, 36.0);
        assertThat(midway.bracketHigh()).isEqualTo(reports.get(2).bracketHigh());

        feed.runEvents(events.subList(3, events.size()));
        SearchProgress done = feed.snapshot().search();
        SearchProgress own = reports.getLast();
        assertThat(done.path()).extracting(Probe::rate).isEqualTo(own.path().stream().map(Probe::rate).toList());
        assertThat(done.path()).extracting(Probe::meets).isEqualTo(own.path().stream().map(Probe::meets).toList());
        assertThat(done.path().get(1).figures()).isEqualTo(own.path().get(1).figures());
        assertThat(done.result().capacity()).isEqualTo(own.result().capacity());
        assertThat(List.of(done.bracketLow(), done.bracketHigh())).isEqualTo(List.of(own.bracketLow(),
                own.bracketHigh()));
        assertThat(done.result().lines().getLast()).isEqualTo(own.result().lines().getLast());
    }
}

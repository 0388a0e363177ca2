package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.session.LevelResult;
import io.joulebench.app.editor.StudyCheck;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.WindowSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class LevelTrackerTest {

    private final StudyPlan plan = StudyRunLiveFeedTest.quickstartPlan();
    private final LevelTracker tracker = new LevelTracker();

    private static WindowSpec spec(double rate) {
        return WindowSpec.builder().rate(rate).durationSeconds(5).windowsPerLevel(3).build();
    }

    @Test
    void a_planned_study_has_one_pending_row_per_server_level_in_plan_order() {
        tracker.planned(plan);

        assertThat(tracker.rows()).extracting(LevelRow::rate).containsExactly(2.0, 8.0, 32.0);
        assertThat(tracker.rows()).extracting(LevelRow::verdict).containsOnly(Validity.PENDING);
        assertThat(tracker.current()).isEqualTo(-1);
        assertThat(tracker.windowsPlanned()).isEqualTo(9);
        assertThat(tracker.windowsDone()).isZero();
    }

    @Test
    void a_resumed_session_maps_the_plan_levels_its_events_carry_to_their_rows() {
        tracker.planned(plan);
        tracker.session(plan.cells().subList(1, 3)); // level 0 was credited before the resume

        assertThat(tracker.levelStarted(2, spec(32))).isEqualTo(2);
        assertThat(tracker.currentLevel().rate).isEqualTo(32.0);
        assertThat(tracker.windowOpened(2, 1)).isEqualTo(2);
        assertThat(tracker.window()).isEqualTo(2);
    }

    @Test
    void a_capacity_search_level_shows_the_rate_its_search_found_once_it_starts() {
        StudyPlan search = StudyPlan.of(StudyCheck.of("""
                serving_mode: server
                server: {capacity_search: {slo: {tpot_p50_ms: 15}, min_rate: 4, max_rate: 56, tolerance: 1}}
                """, null).study());
        tracker.planned(search);
        tracker.session(search.cells());
        assertThat(tracker.rows()).extracting(LevelRow::rate).containsExactly(Double.NaN);
        tracker.levelStarted(0, spec(38.9));
        assertThat(tracker.rows()).extracting(LevelRow::rate).containsExactly(38.9);
    }

    @Test
    void provisional_windows_are_pending_until_the_level_is_decided_and_a_final_record_replaces_them() {
        tracker.planned(plan);
        tracker.session(plan.cells());
        tracker.levelStarted(0, spec(2));
        tracker.windowClosed(ScriptedRun.window(0, 0, 0, 5, true));
        tracker.windowClosed(ScriptedRun.window(0, 0, 0, 5, false)); // the same window, final
        tracker.windowClosed(ScriptedRun.window(0, 1, 5, 10, true));

        assertThat(tracker.points()).hasSize(2).extracting(WindowPoint::validity).containsOnly(Validity.PENDING);
        assertThat(tracker.windowsDone()).isEqualTo(2);

        tracker.aborted(new AbortedLevel(0, 2, "server died", List.of(ScriptedRun.window(0, 0, 0, 5, false))));
        assertThat(tracker.points()).singleElement().extracting(WindowPoint::validity).isEqualTo(Validity.INVALID);
        assertThat(tracker.rows().get(0).reason()).isEqualTo("server died");
    }

    @Test
    void a_row_shows_req_per_s_and_ttft_p99_only_from_final_windows_as_the_mean_over_them() {
        // Issue 22 item 3: provisional windows (requests still in flight) read 0.9 req/s for a 16 req/s level;
        // the row waits for final windows and then agrees with the results (the mean, not the worst window).
        tracker.planned(plan);
        tracker.session(plan.cells());
        tracker.levelStarted(0, spec(2));
        tracker.windowClosed(ScriptedRun.window(0, 0, 0, 5, true));
        assertThat(tracker.rows().get(0).requestThroughput()).isNaN();
        assertThat(tracker.rows().get(0).ttftP99Ms()).isNaN();

        var finals = List.of(ScriptedRun.window(0, 0, 0, 5, false), ScriptedRun.window(2, 1, 5, 10, false));
        tracker.validated(new io.joulebench.core.window.LevelOutcome(0, spec(2), finals,
                new io.joulebench.core.window.LevelValidation(true, null, 0.01, 2, 0.05), null));

        LevelRow row = tracker.rows().get(0);
        io.joulebench.core.results.LevelFigures figures = io.joulebench.core.results.LevelFigures.ofRecords(finals);
        assertThat(row.requestThroughput()).isEqualTo(figures.requestRateReqS()).isEqualTo(4.0);
        assertThat(row.ttftP99Ms()).isEqualTo(figures.ttftP99Ms()).isEqualTo(70.0);
    }

    @Test
    void an_interrupted_result_is_not_credited_and_says_it_reruns_on_resume() {
        tracker.planned(plan);
        tracker.session(plan.cells());
        tracker.levelStarted(1, spec(8));
        tracker.result(new LevelResult(plan.cells().get(1), "s1", 1, null,
                List.of(ScriptedRun.window(1, 0, 0, 5, false)), null, ScriptedRun.SIMULATED, null, true));

        LevelRow row = tracker.rows().get(1);
        assertThat(row.verdict()).isEqualTo(Validity.INVALID);
        assertThat(row.reason()).isEqualTo("interrupted: rerun on resume");
        assertThat(row.windowsDone()).isEqualTo(1);
        assertThat(tracker.rows().get(0).verdict()).isEqualTo(Validity.PENDING);
    }

    @Test
    void clear_forgets_the_previous_run() {
        tracker.planned(plan);
        tracker.levelStarted(0, spec(2));
        tracker.clear();

        assertThat(tracker.count()).isZero();
        assertThat(tracker.current()).isEqualTo(-1);
        assertThat(tracker.currentLevel()).isNull();
    }
}

package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudyProgressTest {

    private static final long S = 1_000_000_000L;

    @Test
    void before_any_level_finishes_the_eta_is_the_plan_estimate_less_the_time_spent() {
        StudyProgress p = new StudyProgress(0);
        p.start(4, 400, 0);
        p.levelStarted();

        assertThat(p.currentLevel()).isEqualTo(1);
        assertThat(p.etaSeconds(30 * S)).isEqualTo(370.0);
    }

    @Test
    void after_a_level_the_eta_is_the_mean_level_time_for_the_levels_left_less_the_one_under_way() {
        StudyProgress p = new StudyProgress(0);
        p.start(4, 400, 0);
        p.levelStarted();
        p.levelFinished(50 * S);
        p.levelStarted();

        // 50 s per level, 3 left, 10 s spent in the second
        assertThat(p.etaSeconds(60 * S)).isEqualTo(140.0);
        assertThat(p.currentLevel()).isEqualTo(2);
    }

    @Test
    void credited_levels_of_a_resume_count_as_done_and_in_the_level_number() {
        StudyProgress p = new StudyProgress(2);
        p.start(4, 400, 0);
        p.levelStarted();

        assertThat(p.currentLevel()).isEqualTo(3);
        assertThat(p.etaSeconds(0)).isEqualTo(200.0);
        p.levelFinished(100 * S);
        p.levelStarted();
        p.levelFinished(200 * S);
        assertThat(p.etaSeconds(200 * S)).isZero();
        assertThat(p.currentLevel()).isEqualTo(4);
    }

    @Test
    void before_the_first_level_starts_the_level_is_the_next_to_run_not_level_0() {
        StudyProgress fresh = new StudyProgress(0);
        fresh.start(4, 400, 0);
        StudyProgress resumed = new StudyProgress(2);
        resumed.start(4, 400, 0);

        assertThat(fresh.currentLevel()).isEqualTo(1);
        assertThat(resumed.currentLevel()).isEqualTo(3);
        resumed.levelStarted();
        assertThat(resumed.currentLevel()).as("the first level run is the one said before it").isEqualTo(3);
    }

    @Test
    void a_level_that_reports_no_start_counts_from_its_first_window_and_a_started_one_does_not_count_twice() {
        StudyProgress offline = new StudyProgress(0);
        offline.start(2, 100, 0);
        offline.windowClosed();
        assertThat(offline.currentLevel()).isEqualTo(1);
        offline.levelFinished(10 * S);
        offline.windowClosed();
        assertThat(offline.currentLevel()).isEqualTo(2);

        StudyProgress server = new StudyProgress(0);
        server.start(3, 300, 0);
        server.levelStarted();
        server.windowClosed();
        server.windowClosed();
        assertThat(server.currentLevel()).isEqualTo(1);
    }

    @Test
    void levels_planned_longer_weigh_more_so_per_rate_windows_do_not_inflate_the_eta() {
        // the quickstart: 3 s warmup + 2 s ramp + 3 windows of 20, 8 and 6 s = 65, 29 and 23 s planned
        StudyProgress p = new StudyProgress(0);
        p.start(3, 117, 0, new double[] {65, 29, 23});
        p.levelStarted();
        p.levelFinished(78 * S); // the first level took 1.2 x its plan
        p.levelStarted();

        // 1.2 x (29 + 23) = 62.4 s left at the second level's start, less the 10 s spent in it
        assertThat(p.etaSeconds(88 * S)).isCloseTo(52.4, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void a_capacity_search_counts_its_probe_budget_once_and_keeps_its_probes_out_of_the_levels_pace()
            throws Exception {
        // Issue 35 item 5: the ETA of examples/capacity-search.yaml went from 1:29 to 2:29 a minute later.
        var plan = io.joulebench.core.study.StudyPlan.of(new io.joulebench.core.study.StudyLoader()
                .load(java.nio.file.Path.of("examples/capacity-search.yaml")));
        double estimate = plan.estimate().totalSeconds();
        double probes = plan.estimate().probeSeconds();
        double each = probes / 8; // 8 probes at most, each an 8 s ramp and a 6 s window
        StudyProgress p = new StudyProgress(0);
        p.studyStarted(plan, 0);
        // launch and warmup (6 s), five probes, then the level at capacity (ramp and windows, 38 s), then the
        // level at half of it (warmup, ramp and windows, 43 s): 157 s in all
        double t = 6;
        for (int probe = 1; probe <= 5; probe++) {
            t += each;
            p.searchUpdated(probe, probe == 5, (long) (t * S));
        }
        assertThat(t).isEqualTo(76.0);
        p.levelStarted();
        double before = p.etaSeconds(113 * S);
        p.levelFinished(114 * S);
        double after = p.etaSeconds(115 * S);

        assertThat(before).as("the unused probe budget is given back").isCloseTo(44, within(3.0));
        assertThat(after).as("the second level is not paced with the search in it").isCloseTo(42, within(3.0));
        assertThat(after).isLessThanOrEqualTo(before);
        p.levelStarted();
        assertThat(p.etaSeconds(150 * S)).isCloseTo(7, within(3.0));
        assertThat(estimate).as("the plan's estimate counts the probes once").isCloseTo(199, within(1.0));
    }

    @Test
    void a_cluster_runs_eta_is_its_longest_group_left_at_the_pace_of_its_finished_levels() throws Exception {
        // Issue 35 item 5: Slurm runs showed "ETA —" throughout.
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("eta");
        // two cycles of two rates, interleaved: two session groups of two levels each
        var plan = io.joulebench.core.study.StudyPlan.of(io.joulebench.core.results.Studies.load(dir, "s.yaml", """
                study_name: cluster-eta
                serving_mode: server
                engine: reference
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server: {traffic: {window_seconds: 5, ramp_exclusion_seconds: 2}, windows_per_level: 3,
                  warmup: {mode: fixed, duration_seconds: 3}}
                study_execution: {n_cycles: 2, experiment_order: interleave}
                sweep: {server.traffic.rate: [2, 8]}
                """));
        assertThat(plan.groups()).hasSize(2);
        assertThat(plan.groups()).allSatisfy(g -> assertThat(g.cellIndices()).hasSize(2));
        double perLevel = io.joulebench.core.study.WallTimeEstimator.levelSeconds(plan.cells().get(0).experiment());
        StudyProgress p = new StudyProgress(0);
        p.studyStarted(plan, 0);
        p.groupRunning(0, 10 * S);
        p.groupRunning(1, 30 * S); // queued 20 s longer

        assertThat(p.etaSeconds(30 * S)).as("the later group's two levels decide").isCloseTo(2 * perLevel,
                within(1e-6));
        var g1 = plan.groups().get(1).cellIndices();
        var first = plan.cells().get(g1.get(0));
        p.cellFinished(io.joulebench.core.results.ManifestEntry.key(first.configHash(), first.cycle()),
                (long) ((30 + 2 * perLevel) * S)); // its first level took twice its plan
        double now = 30 + 2 * perLevel + 1;
        double group0 = 2 * perLevel * 2 - (now - 10);
        double group1 = perLevel * 2 - 1;
        assertThat(p.etaSeconds((long) (now * S))).isCloseTo(Math.max(group0, group1), within(1e-6));
        p.groupEnded(0);
        assertThat(p.etaSeconds((long) (now * S))).isCloseTo(group1, within(1e-6));
        assertThat(p.currentLevel()).as("groups run side by side: one level finished, the second under way")
                .isEqualTo(2);
    }
}

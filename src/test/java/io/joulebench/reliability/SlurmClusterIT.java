package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.testing.JoulebenchChild;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 on a real Slurm cluster (the one-node cluster {@code .ci/run} starts: slurmctld + slurmd + munge, no
 * accounting, so jobs are followed through {@code scontrol show job}). Studies on the in-process reference engine
 * with 1 s windows run as real batch jobs of {@code joulebench worker}. Skipped, saying so, only where {@code sbatch}
 * is not on PATH.
 */
class SlurmClusterIT {

    @TempDir
    Path tmp;

    @BeforeAll
    static void needsSlurm() {
        boolean sbatch = false;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            sbatch |= Files.isExecutable(Path.of(dir, "sbatch"));
        }
        Assumptions.assumeTrue(sbatch, "sbatch is not on PATH: these tests need a Slurm cluster (.ci/run starts a"
                + " one-node one with slurm-wlm and munge)");
    }

    private Path study(String name, List<Integer> outputTokens, List<Integer> rates, double windowSeconds)
            throws IOException {
        return ClusterStudies.study(tmp, name, outputTokens, rates, windowSeconds);
    }

    private JoulebenchChild joulebench(String... args) throws IOException {
        return JoulebenchChild.start(tmp.resolve("home"), List.of(args));
    }

    private static List<List<String>> csv(Path file) throws IOException {
        return ClusterStudies.csv(file);
    }

    private static String scontrol(String jobId) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("scontrol", "show", "job", "-o", jobId).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static void scancel(String jobId) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("scancel", jobId).inheritIO().start().waitFor()).isZero();
    }

    private static List<JobRecord> jobs(Path folder) throws IOException {
        return JobRecord.all(folder);
    }

    private static Path awaitJob(Path out, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(out)) {
                try (var dirs = Files.list(out)) {
                    for (Path d : dirs.toList()) {
                        for (JobRecord r : jobs(d)) {
                            if (r.jobId() != null) {
                                return d;
                            }
                        }
                    }
                }
            }
            Thread.sleep(100); // polling the coordinator's folder for its first job record
        }
        throw new AssertionError("no job was submitted within " + timeout);
    }

    @Test
    void a_multi_group_study_runs_its_groups_as_parallel_jobs_and_merges_to_the_local_windows_csv()
            throws Exception {
        Path yaml = study("slurmmulti", List.of(8, 16, 24), List.of(4), 1);
        Path localOut = tmp.resolve("local");
        Path clusterOut = tmp.resolve("cluster");
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--out", localOut.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(180))).as(run.output()).isZero();
        }
        String output;
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--executor", "slurm", "--max-parallel-jobs",
                "2", "--out", clusterOut.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(240))).as(run.output()).isZero();
            output = run.output();
        }
        Path local = ResultsChecks.onlyFolder(localOut);
        Path cluster = ResultsChecks.onlyFolder(clusterOut);
        ResultsChecks.assertConsistent(cluster);
        ClusterStudies.assertSameWindows(local, cluster, 9);
        assertThat(Manifest.read(cluster.resolve("manifest.json")).entries()).allMatch(ManifestEntry::credited);
        // groups ran in parallel: two jobs were running before the first one was merged
        List<String> lines = output.lines().toList();
        int firstMerge = indexOf(lines, l -> l.matches("job \\d+_\\d+: done, .*"));
        long runningBefore = lines.subList(0, firstMerge).stream()
                .filter(l -> l.matches("job \\d+_\\d+: RUNNING.*")).count();
        assertThat(runningBefore).as(output).isGreaterThanOrEqualTo(2);
        // one time limit: the groups went as one array of three tasks, at most two at once, under the study's name
        List<JobRecord> jobs = jobs(cluster);
        assertThat(jobs).hasSize(3);
        String arrayId = jobs.getFirst().jobId().split("_")[0];
        for (JobRecord j : jobs) {
            assertThat(j.jobId()).isEqualTo(arrayId + "_" + jobs.indexOf(j));
            assertThat(scontrol(j.jobId())).contains("JobName=joulebench-slurmmulti-g0-2")
                    .contains("ArrayJobId=" + arrayId).contains("JobState=COMPLETED");
        }
        // the events file tells the same progress that run printed
        Set<String> events = eventLines(cluster);
        assertThat(lines.stream().filter(l -> l.startsWith("job ")).toList()).isNotEmpty()
                .allMatch(events::contains);
    }

    /** Acceptance 1 of issue 19, as the user types it: the shipped quickstart, local and on the cluster. */
    @Test
    void the_quickstart_with_executor_slurm_gives_the_local_runs_windows_csv_rows_and_columns() throws Exception {
        Path yaml = Path.of("examples", "quickstart.yaml").toAbsolutePath();
        Path localOut = tmp.resolve("local");
        Path clusterOut = tmp.resolve("cluster");
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--out", localOut.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(300))).as(run.output()).isZero();
        }
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--executor", "slurm", "--out",
                clusterOut.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(400))).as(run.output()).isZero();
        }
        Path local = ResultsChecks.onlyFolder(localOut);
        Path cluster = ResultsChecks.onlyFolder(clusterOut);
        ResultsChecks.assertConsistent(cluster);
        ClusterStudies.assertSameWindows(local, cluster, 9);
        // the three rates share one launch: one job, shown by the scheduler under the study's name
        List<JobRecord> jobs = jobs(cluster);
        assertThat(jobs).hasSize(1);
        assertThat(scontrol(jobs.getFirst().jobId())).contains("JobName=joulebench-quickstart-g0")
                .contains("JobState=COMPLETED");
    }

    @Test
    void a_job_that_exits_non_zero_fails_its_cells_with_the_schedulers_reason() throws Exception {
        Path yaml = study("slurmexit", List.of(8), List.of(4), 1);
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve(".joulebench"));
        Files.writeString(home.resolve(".joulebench/cluster.yaml"), "worker_command: [/bin/sh, -c, 'exit 3', sh]\n");
        Path out = tmp.resolve("out");
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--executor", "slurm", "--out", out.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isEqualTo(1);
            assertThat(run.output()).contains("ended FAILED").contains("exit code 3");
        }
        ManifestEntry e = Manifest.read(ResultsChecks.onlyFolder(out).resolve("manifest.json")).entries().getFirst();
        assertThat(e.failureType()).isEqualTo("FAILED");
        assertThat(e.reason()).matches("Slurm job \\d+ ended FAILED on \\S+ \\(exit code 3\\).*");
        assertThat(e.credited()).isFalse();
    }

    @Test
    void a_job_past_its_time_limit_fails_its_cells_with_timeout() throws Exception {
        // Slurm's limits are whole minutes: one minute, and 3 windows of 60 s to outlast it
        Path yaml = study("slurmtime", List.of(8), List.of(2), 60);
        Path out = tmp.resolve("out");
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--executor", "slurm", "--slurm-arg=--time=1",
                "--out", out.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(240))).as(run.output()).isEqualTo(1);
            assertThat(run.output()).contains("ended TIMEOUT");
        }
        ManifestEntry e = Manifest.read(ResultsChecks.onlyFolder(out).resolve("manifest.json")).entries().getFirst();
        assertThat(e.failureType()).isEqualTo("TIMEOUT");
        assertThat(e.reason()).startsWith("Slurm job ").contains("ended TIMEOUT");
    }

    @Test
    void scancel_of_a_running_job_then_resume_credits_only_the_closed_levels_and_runs_the_rest() throws Exception {
        Path yaml = study("slurmcancel", List.of(8), List.of(2, 4, 6), 1);
        Path out = tmp.resolve("out");
        Path folder;
        Map<String, String> sessionsBefore;
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--executor", "slurm", "--out", out.toString())) {
            // the level line: "…, 3 windows; final …" (the figures windows.csv has)
            assertThat(run.awaitLine(l -> l.matches("job \\d+: level 1/3 .*windows?(; final .*)?$"),
                    Duration.ofSeconds(120)))
                    .as(run.output()).isTrue();
            folder = ResultsChecks.onlyFolder(out);
            scancel(jobs(folder).getFirst().jobId());
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isZero();
            assertThat(run.output()).contains("ended CANCELLED");
        }
        List<ManifestEntry> after = Manifest.read(folder.resolve("manifest.json")).entries();
        List<ManifestEntry> closed = after.stream().filter(ManifestEntry::credited).toList();
        assertThat(closed).as("the level that closed before scancel").isNotEmpty().hasSizeLessThan(3)
                .allSatisfy(e -> assertThat(e.windowIds()).hasSize(3));
        assertThat(after.stream().filter(e -> !e.credited())).allSatisfy(e -> {
            assertThat(e.failureType()).isEqualTo("CANCELLED");
            assertThat(e.windowIds()).isEmpty();
        });
        sessionsBefore = closed.stream().collect(Collectors.toMap(ManifestEntry::key, ManifestEntry::sessionId));

        try (JoulebenchChild resume = joulebench("resume", folder.toString())) {
            assertThat(resume.waitFor(Duration.ofSeconds(180))).as(resume.output()).isZero();
        }
        List<ManifestEntry> end = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(end).allMatch(ManifestEntry::credited);
        for (ManifestEntry e : end) {
            if (sessionsBefore.containsKey(e.key())) {
                assertThat(e.sessionId()).as("a credited level is not run again").isEqualTo(sessionsBefore.get(e.key()));
            }
        }
        List<List<String>> rows = csv(folder.resolve("windows.csv"));
        assertThat(rows).hasSize(1 + 9);
        assertThat(rows.stream().skip(1).map(r -> r.get(0)).distinct()).as("no window twice").hasSize(9);
        assertThat(jobs(folder)).extracting(JobRecord::attempt).containsExactly(1, 2);
        ResultsChecks.assertConsistent(folder);
    }

    @Test
    void a_coordinator_killed_with_sigkill_is_replaced_by_resume_which_reattaches_to_the_running_job()
            throws Exception {
        Path yaml = study("slurmkill", List.of(8), List.of(2, 4, 6), 1);
        Path out = tmp.resolve("out");
        Path folder;
        try (JoulebenchChild run = joulebench("run", yaml.toString(), "--executor", "slurm", "--out", out.toString())) {
            assertThat(run.awaitLine(l -> l.matches("job \\d+: RUNNING.*"), Duration.ofSeconds(120)))
                    .as(run.output()).isTrue();
            folder = awaitJob(out, Duration.ofSeconds(10));
            run.signal("KILL");
            run.waitFor(Duration.ofSeconds(30));
        }
        String jobId = jobs(folder).getFirst().jobId();
        assertThat(scontrol(jobId)).as("the job outlives its coordinator").containsPattern("JobState=(RUNNING|PENDING)");
        try (JoulebenchChild resume = joulebench("resume", folder.toString())) {
            assertThat(resume.waitFor(Duration.ofSeconds(180))).as(resume.output()).isZero();
            assertThat(resume.output()).contains("job " + jobId + " (joulebench-slurmkill-g0): reattached");
        }
        assertThat(jobs(folder)).as("nothing resubmitted").extracting(JobRecord::jobId).containsExactly(jobId);
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries()).hasSize(3)
                .allMatch(ManifestEntry::credited);
        assertThat(csv(folder.resolve("windows.csv"))).hasSize(1 + 9);
        ResultsChecks.assertConsistent(folder);
    }

    private static Set<String> eventLines(Path folder) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        Set<String> out = new java.util.HashSet<>();
        for (String l : Files.readAllLines(folder.resolve("events.jsonl"))) {
            var n = json.readTree(l);
            if (n.hasNonNull("line")) {
                out.add(n.get("line").asText());
            }
        }
        return out;
    }

    private static int indexOf(List<String> lines, java.util.function.Predicate<String> p) {
        for (int i = 0; i < lines.size(); i++) {
            if (p.test(lines.get(i))) {
                return i;
            }
        }
        throw new AssertionError("no such line in:\n" + String.join("\n", lines));
    }
}

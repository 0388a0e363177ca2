package io.joulebench.core.executor.slurm;

import io.joulebench.core.executor.ExecutionOutcome;
import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.executor.GroupWork;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResolvedJson;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.WallTimeEstimator;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEventCodec;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code slurm} executor: each session group is one batch job running {@code joulebench worker} on a node, which
 * runs the group with the local launchers and meters into its own results folder
 * ({@code cluster/jobs/g<group>-a<attempt>/results/}). This coordinator submits at most {@code max_parallel_jobs}
 * at once, follows them, and as each ends merges what it credited into the run's folder
 * ({@link ResultsFolder#adopt}): only the coordinator writes the run's manifest.json and windows.csv. Cells a job
 * did not credit fail with the scheduler's reason ({@code TIMEOUT}, {@code NODE_FAIL}, {@code OUT_OF_MEMORY},
 * {@code PREEMPTED}, {@code CANCELLED}, exit code). Job ids are recorded in the folder ({@link JobRecord}), so a
 * coordinator that died is replaced by {@code resume}, which reattaches to jobs still queued or running and submits
 * only groups with nothing credited or running. An interrupt cancels the running jobs, merges what they closed and
 * returns interrupted. Where the cluster sees the folder is {@link JobFiles}'s: the same paths on a login node, or a
 * mirror reached over SSH, which gets what a job reads before it is submitted and gives back what it wrote.
 */
public final class SlurmExecutor implements StudyExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(SlurmExecutor.class);
    public static final String PROFILE_FILE = "profile.json";
    /** The job's stdout and stderr, in its folder. */
    static final String SLURM_OUT = "slurm.out";
    /** How long an interrupted coordinator waits for its cancelled jobs to end and leave their results. */
    static final Duration CANCEL_GRACE = Duration.ofSeconds(60);
    private static final Duration CANCEL_POLL = Duration.ofMillis(200);

    private final SlurmProfile profile;
    private final BatchScheduler scheduler;
    private final Clock clock;
    private final JobListener jobs;
    private final JobFiles files;

    /** On a login node: the results folder is on the file system the nodes share. */
    public SlurmExecutor(SlurmProfile profile, BatchScheduler scheduler, Clock clock, JobListener jobs) {
        this(profile, scheduler, clock, jobs, JobFiles.shared());
    }

    public SlurmExecutor(SlurmProfile profile, BatchScheduler scheduler, Clock clock, JobListener jobs,
                         JobFiles files) {
        this.profile = profile;
        this.scheduler = scheduler;
        this.clock = clock;
        this.jobs = jobs;
        this.files = files;
    }

    @Override
    public ExecutorKind kind() {
        return ExecutorKind.SLURM;
    }

    /** A job submitted and not yet merged. */
    private static final class Running {
        final JobRecord record;
        final List<ResolvedCell> cells;
        JobStatus last;
        long eventsOffset;

        Running(JobRecord record, List<ResolvedCell> cells) {
            this.record = record;
            this.cells = cells;
        }
    }

    @Override
    public ExecutionOutcome execute(StudyPlan plan, List<GroupWork> work, ResultsFolder folder,
                                    StudyRunListener listener) throws IOException {
        Path cluster = folder.dir().resolve(JobRecord.CLUSTER_DIR);
        Files.createDirectories(JobRecord.jobsDir(folder.dir()));
        Files.writeString(cluster.resolve(PROFILE_FILE), profile.toJson(), StandardCharsets.UTF_8);
        files.recordIn(cluster);
        Map<Integer, GroupWork> todo = new LinkedHashMap<>();
        work.forEach(w -> todo.put(w.groupIndex(), w));
        List<Running> running = new ArrayList<>();
        reattach(plan, folder, todo, running);
        Deque<GroupWork> queue = new ArrayDeque<>();
        for (GroupWork w : todo.values()) {
            List<ResolvedCell> left = w.cells().stream().filter(c -> !folder.entry(c).credited()).toList();
            if (!left.isEmpty()) {
                queue.add(new GroupWork(w.groupIndex(), left));
            }
        }
        try {
            if (!queue.isEmpty()) {
                pushRunFiles(folder);
            }
            if (arrayFits(plan, queue)) {
                List<GroupWork> all = List.copyOf(queue);
                queue.clear();
                running.addAll(submitted(folder, all, "submitting " + all.size() + " groups as a job array",
                        () -> submitArray(plan, folder, all)));
            }
            while (!queue.isEmpty() || !running.isEmpty()) {
                while (running.size() < profile.maxParallelJobs() && !queue.isEmpty()) {
                    GroupWork next = queue.poll();
                    running.addAll(submitted(folder, List.of(next), "submitting group " + next.groupIndex(),
                            () -> List.of(submit(plan, folder, next))));
                }
                if (running.isEmpty()) {
                    break;
                }
                clock.sleep(Duration.ofMillis(profile.pollIntervalMs()));
                follow(folder, running);
            }
        } catch (InterruptedException | java.io.InterruptedIOException e) {
            Thread.interrupted(); // consumed: the cancelling below runs commands of its own
            cancelAll(folder, running);
            return ExecutionOutcome.INTERRUPTED;
        }
        folder.orderRows();
        return ExecutionOutcome.FINISHED;
    }

    /** Jobs of earlier coordinators: merge the ended ones, keep following the ones still queued or running. */
    private void reattach(StudyPlan plan, ResultsFolder folder, Map<Integer, GroupWork> todo, List<Running> running)
            throws IOException {
        for (JobRecord rec : JobRecord.all(folder.dir())) {
            if (rec.merged() || rec.jobId() == null) {
                continue;
            }
            List<ResolvedCell> cells = cellsOf(plan, rec);
            Optional<JobStatus> status = scheduler.status(rec.jobId());
            Running r = new Running(rec, cells);
            if (status.isPresent() && status.get().active()) {
                LOG.info("reattached to Slurm job {} for group {}", rec.jobId(), rec.groupIndex());
                r.last = status.get();
                running.add(r);
                todo.remove(rec.groupIndex());
                jobs.jobSubmitted(rec.groupIndex(), rec.jobId(), rec.jobName(), true);
            } else {
                pullEnded(rec);
                merge(folder, r, status.orElse(new JobStatus("UNKNOWN",
                        "the scheduler no longer knows the job", null, 0, null)));
            }
        }
    }

    /** Groups that could not be submitted: their cells fail with what sbatch (or the connection) said. */
    private interface Submission {
        List<Running> jobs() throws IOException;
    }

    /** The jobs {@code submission} started, or none with {@code groups} written off when it failed ({@code what}). */
    private static List<Running> submitted(ResultsFolder folder, List<GroupWork> groups, String what,
                                           Submission submission) throws IOException {
        try {
            return submission.jobs();
        } catch (java.io.InterruptedIOException e) {
            throw e;
        } catch (IOException e) {
            LOG.error("{} failed", what, e);
            submitFailed(folder, groups, e);
            return List.of();
        }
    }

    private static void submitFailed(ResultsFolder folder, List<GroupWork> groups, IOException e) throws IOException {
        for (GroupWork g : groups) {
            for (ResolvedCell c : g.cells()) {
                folder.cellFailed(c, "SubmitFailed", e.getMessage());
            }
        }
    }

    /** A group's time limit in minutes: its wall-time estimate with the profile's margin. */
    private long minutes(StudyPlan plan, GroupWork group) {
        double estimate = WallTimeEstimator.estimate(plan.cells(), List.of(plan.groups().get(group.groupIndex())),
                plan.study().execution()).totalSeconds();
        return profile.timeLimitMinutes(estimate);
    }

    /**
     * An array fits when the profile allows arrays and two or more groups wait with one time limit: one submission,
     * throttled by Slurm itself ({@code %max_parallel_jobs}). Groups with different limits go one job each, each with
     * its own limit (an array has one).
     */
    private boolean arrayFits(StudyPlan plan, Deque<GroupWork> queue) {
        return profile.jobArrays() && queue.size() >= 2
                && queue.stream().map(g -> minutes(plan, g)).distinct().count() == 1;
    }

    /** The next attempt's record of a group (written, without a job id yet). */
    private JobRecord record(StudyPlan plan, ResultsFolder folder, GroupWork group, String name, long minutes)
            throws IOException {
        int attempt = 1;
        Path jobs = JobRecord.jobsDir(folder.dir());
        while (Files.exists(jobs.resolve(dirName(group.groupIndex(), attempt)))) {
            attempt++;
        }
        JobRecord rec = new JobRecord(jobs.resolve(dirName(group.groupIndex(), attempt)), group.groupIndex(), attempt,
                null, name, group.cells().stream().map(JobRecord::key).toList(), minutes,
                clock.wallTime().toString());
        rec.write();
        return rec;
    }

    /**
     * The groups as one job array: task i runs group i's worker in its own job folder, as a single job would
     * ({@code job.sh} there says which), so following, merging, cancelling and resume see task ids ({@code A_i})
     * where they saw job ids.
     */
    private List<Running> submitArray(StudyPlan plan, ResultsFolder folder, List<GroupWork> groups)
            throws IOException {
        long minutes = minutes(plan, groups.getFirst());
        String name = arrayName(plan.study().studyName(), groups);
        List<JobRecord> records = new ArrayList<>();
        StringBuilder cases = new StringBuilder();
        for (int i = 0; i < groups.size(); i++) {
            JobRecord rec = record(plan, folder, groups.get(i), name, minutes);
            records.add(rec);
            files.push(rec.dir().resolve(JobRecord.FILE_NAME));
            Path single = rec.dir().resolve("job.sh");
            Files.writeString(single, script(folder.dir(), rec.dir()), StandardCharsets.UTF_8);
            files.push(single);
            cases.append("  ").append(i).append(") cd ").append(shellQuote(files.remote(rec.dir())))
                    .append(" && exec ").append(command(folder.dir(), rec.dir())).append(" >")
                    .append(shellQuote(files.remote(rec.dir().resolve(SLURM_OUT)))).append(" 2>&1 ;;\n");
        }
        Path jobs = JobRecord.jobsDir(folder.dir());
        Path script = jobs.resolve("array-" + records.getFirst().dir().getFileName() + ".sh");
        Files.writeString(script, "#!/bin/sh\n# written by joulebench: one session group per array task\n"
                + "case \"$SLURM_ARRAY_TASK_ID\" in\n" + cases
                + "  *) echo \"joulebench: no session group for array task $SLURM_ARRAY_TASK_ID\" >&2; exit 2 ;;\n"
                + "esac\n", StandardCharsets.UTF_8);
        files.push(script);
        List<String> args = new ArrayList<>(List.of("--job-name=" + name, "--time=" + minutes,
                "--array=0-" + (groups.size() - 1) + "%" + profile.maxParallelJobs(),
                "--output=" + files.remote(jobs.resolve("slurm-%A_%a.out")), "--chdir=" + files.remote(jobs)));
        args.addAll(resources());
        String id = scheduler.submit(args, files.remote(script));
        LOG.info("submitted {} groups as Slurm job array {} ({}, {} min each, at most {} at once)", groups.size(), id,
                name, minutes, profile.maxParallelJobs());
        List<Running> out = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            JobRecord rec = records.get(i).withJobId(id + "_" + i);
            rec.write();
            this.jobs.jobSubmitted(rec.groupIndex(), rec.jobId(), name, false);
            out.add(new Running(rec, groups.get(i).cells()));
        }
        return out;
    }

    private Running submit(StudyPlan plan, ResultsFolder folder, GroupWork group) throws IOException {
        long minutes = minutes(plan, group);
        String name = jobName(plan.study().studyName(), group.groupIndex());
        JobRecord rec = record(plan, folder, group, name, minutes);
        Path dir = rec.dir();
        files.push(dir.resolve(JobRecord.FILE_NAME));
        Path script = dir.resolve("job.sh");
        Files.writeString(script, script(folder.dir(), dir), StandardCharsets.UTF_8);
        files.push(script);
        List<String> args = new ArrayList<>(List.of("--job-name=" + name, "--time=" + minutes,
                "--output=" + files.remote(dir.resolve(SLURM_OUT)), "--chdir=" + files.remote(dir)));
        args.addAll(resources());
        String id = scheduler.submit(args, files.remote(script));
        rec = rec.withJobId(id);
        rec.write();
        LOG.info("submitted group {} as Slurm job {} ({}, {} min)", group.groupIndex(), id, name, minutes);
        this.jobs.jobSubmitted(group.groupIndex(), id, name, false);
        return new Running(rec, group.cells());
    }

    /** What every job asks for, from the profile; its {@code sbatch_args} last so they win. */
    private List<String> resources() {
        List<String> args = new ArrayList<>();
        if (profile.partition() != null) {
            args.add("--partition=" + profile.partition());
        }
        if (profile.account() != null) {
            args.add("--account=" + profile.account());
        }
        if (profile.gpusPerJob() != null) {
            args.add("--gpus=" + profile.gpusPerJob());
        }
        if (profile.cpusPerJob() != null) {
            args.add("--cpus-per-task=" + profile.cpusPerJob());
        }
        if (profile.memory() != null) {
            args.add("--mem=" + profile.memory());
        }
        args.addAll(profile.sbatchArgs());
        return args;
    }

    /** One poll: new progress lines, state changes, and the merge of every job that ended. */
    private void follow(ResultsFolder folder, List<Running> running) throws IOException {
        for (Running r : List.copyOf(running)) {
            pullRunning(r.record);
            relayEvents(r);
            Optional<JobStatus> s = scheduler.status(r.record.jobId());
            JobStatus status = s.orElse(new JobStatus("UNKNOWN", "the scheduler no longer knows the job", null, 0,
                    null));
            if (r.last == null || !r.last.state().equals(status.state())
                    || !java.util.Objects.equals(r.last.node(), status.node())) {
                jobs.jobState(r.record.groupIndex(), r.record.jobId(), status);
            }
            r.last = status;
            if (!status.active()) {
                pullEnded(r.record);
                relayEvents(r);
                merge(folder, r, status);
                running.remove(r);
            }
        }
    }

    /** Takes in what the job credited; fails the rest with the job's own reason or the scheduler's. */
    private void merge(ResultsFolder folder, Running r, JobStatus status) throws IOException {
        List<ResolvedCell> left = folder.adopt(r.record.resultsDir(), r.cells);
        Map<String, ManifestEntry> theirs = new HashMap<>();
        Path manifest = r.record.resultsDir().resolve(Manifest.FILE_NAME);
        if (Files.isRegularFile(manifest)) {
            Manifest.read(manifest).entries().forEach(e -> theirs.put(e.key(), e));
        }
        for (ResolvedCell cell : left) {
            ManifestEntry e = theirs.get(JobRecord.key(cell));
            if (status.completed() && e != null && e.failureType() != null) {
                folder.cellFailed(cell, e.failureType(), e.reason()); // the job ran, the level failed
            } else if (status.completed()) {
                folder.cellFailed(cell, "NoResult", "Slurm job " + r.record.jobId()
                        + " completed without a result for this cell");
            } else {
                folder.cellFailed(cell, status.failureType(), status.describe(r.record.jobId()));
            }
        }
        r.record.markMerged();
        jobs.jobMerged(r.record.groupIndex(), r.record.jobId(), status, r.cells.size() - left.size(),
                r.cells.size());
    }

    private void cancelAll(ResultsFolder folder, List<Running> running) throws IOException {
        for (Running r : running) {
            try {
                scheduler.cancel(r.record.jobId());
            } catch (IOException e) {
                LOG.warn("cancelling Slurm job {} failed", r.record.jobId(), e);
            }
        }
        // polls counted, not timed: the run's clock may be virtual, and these pauses are real (see below)
        long polls = CANCEL_GRACE.toMillis() / CANCEL_POLL.toMillis();
        for (long poll = 0; !running.isEmpty() && poll < polls; poll++) {
            for (Running r : List.copyOf(running)) {
                Optional<JobStatus> s = scheduler.status(r.record.jobId());
                if (s.isEmpty() || !s.get().active()) {
                    pullEnded(r.record);
                    relayEvents(r);
                    List<ResolvedCell> left = folder.adopt(r.record.resultsDir(), r.cells);
                    for (ResolvedCell c : left) {
                        folder.levelInterrupted(c);
                    }
                    r.record.markMerged();
                    running.remove(r);
                }
            }
            if (!running.isEmpty()) {
                try {
                    Thread.sleep(CANCEL_POLL.toMillis()); // the run is already interrupted: this is teardown, not the run's clock
                } catch (InterruptedException e) {
                    break; // a second interrupt: leave the rest for resume (their records stay unmerged)
                }
            }
        }
    }

    /** What every worker reads from the run's folder ({@code ResumeSource.plan}): the study and its cells. */
    private void pushRunFiles(ResultsFolder folder) throws IOException {
        for (String name : List.of(ResultsFolder.STUDY_FILE, ResolvedJson.FILE_NAME, Manifest.FILE_NAME)) {
            files.push(folder.dir().resolve(name));
        }
    }

    /** Progress and finished bundles of a running job; a failed copy is retried at the next poll. */
    private void pullRunning(JobRecord rec) throws java.io.InterruptedIOException {
        try {
            files.pull(rec.resultsDir(), false);
        } catch (java.io.InterruptedIOException e) {
            throw e;
        } catch (IOException e) {
            LOG.warn("copying the results of Slurm job {} back failed (retried at the next poll): {}", rec.jobId(),
                    e.getMessage());
        }
    }

    /** Everything an ended job left, before it is merged: a merge must not miss a level the job credited. */
    private void pullEnded(JobRecord rec) throws IOException {
        files.pull(rec.resultsDir(), true);
        files.pull(rec.dir().resolve(SLURM_OUT), true);
    }

    private void relayEvents(Running r) {
        Path events = r.record.resultsDir().resolve("events.jsonl");
        if (!Files.isRegularFile(events)) {
            return;
        }
        try (RandomAccessFile f = new RandomAccessFile(events.toFile(), "r")) {
            if (f.length() <= r.eventsOffset) {
                return;
            }
            f.seek(r.eventsOffset);
            byte[] bytes = new byte[(int) Math.min(f.length() - r.eventsOffset, 1 << 20)];
            f.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            if (end < 0) {
                return; // a line still being written
            }
            r.eventsOffset += text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
            for (String line : text.substring(0, end).split("\n")) {
                // relayed to people as the job said it; nothing here decides from it
                RunEventCodec.read(line).map(RecordedEvent::line).ifPresent(
                        said -> jobs.jobProgress(r.record.groupIndex(), r.record.jobId(), said));
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("reading {} failed", events, e);
        }
    }

    private List<ResolvedCell> cellsOf(StudyPlan plan, JobRecord rec) {
        List<ResolvedCell> out = new ArrayList<>();
        for (ResolvedCell c : plan.cells()) {
            if (rec.cells().contains(JobRecord.key(c))) {
                out.add(c);
            }
        }
        return out;
    }

    /** The batch script: {@code exec <worker command> worker --results DIR --job-dir DIR}. */
    private String script(Path resultsDir, Path jobDir) {
        return "#!/bin/sh\n# written by joulebench: one session group of a study\nexec " + command(resultsDir, jobDir)
                + "\n";
    }

    /** The worker's command line, shell-quoted. */
    private String command(Path resultsDir, Path jobDir) {
        List<String> argv = new ArrayList<>(profile.workerCommand());
        argv.addAll(List.of("worker", "--results", files.remote(resultsDir), "--job-dir", files.remote(jobDir)));
        return String.join(" ", argv.stream().map(SlurmExecutor::shellQuote).toList());
    }

    /** {@code a} in single quotes for a POSIX shell. */
    public static String shellQuote(String a) {
        return "'" + a.replace("'", "'\\''") + "'";
    }

    static String dirName(int group, int attempt) {
        return String.format(java.util.Locale.ROOT, "g%03d-a%d", group, attempt);
    }

    /** {@code joulebench-<study>-g<first>-<last>}: an array's name, its groups' range in dispatch order. */
    static String arrayName(String studyName, List<GroupWork> groups) {
        return jobName(studyName, groups.getFirst().groupIndex()) + "-" + groups.getLast().groupIndex();
    }

    /** {@code joulebench-<study>-g<group>}: squeue, sacct and scontrol show the study's jobs under its name. */
    public static String jobName(String studyName, int group) {
        String safe = (studyName == null || studyName.isBlank() ? "study" : studyName.strip())
                .replaceAll("[^A-Za-z0-9._-]", "_");
        return "joulebench-" + safe + "-g" + group;
    }
}

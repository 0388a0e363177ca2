package io.joulebench.core.executor.slurm;

import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.executor.StudyExecutorContract;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.LocalExecutor;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Slurm executor over a fake scheduler whose "jobs" are threads doing what {@code joulebench worker} does: a
 * local run of the job's cells into the job's own folder. The merge, the job records and the row order are the real
 * ones; {@code SlurmClusterIT} runs the same on a real cluster.
 */
class SlurmExecutorTest extends StudyExecutorContract {

    /** Jobs as threads; each writes only its own job folder. */
    static final class ThreadScheduler implements BatchScheduler {
        final Map<String, Thread> jobs = new ConcurrentHashMap<>();
        final AtomicInteger ids = new AtomicInteger(100);
        final SessionRunner sessions;
        final StudyPlan plan;

        ThreadScheduler(SessionRunner sessions, StudyPlan plan) {
            this.sessions = sessions;
            this.plan = plan;
        }

        final List<List<String>> submissions = new java.util.concurrent.CopyOnWriteArrayList<>();

        /** A job, or each task of an array: the job folders its script names, in task order. */
        @Override
        public String submit(List<String> sbatchArgs, String script) throws IOException {
            submissions.add(List.copyOf(sbatchArgs));
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("'--job-dir' '([^']*)'")
                    .matcher(Files.readString(Path.of(script)));
            List<Path> dirs = new java.util.ArrayList<>();
            while (m.find()) {
                dirs.add(Path.of(m.group(1)));
            }
            boolean array = sbatchArgs.stream().anyMatch(a -> a.startsWith("--array="));
            String id = Integer.toString(ids.incrementAndGet());
            for (int i = 0; i < dirs.size(); i++) {
                start(array ? id + "_" + i : id, JobRecord.read(dirs.get(i)));
            }
            return id;
        }

        private void start(String id, JobRecord rec) {
            Thread t = Thread.ofPlatform().name("fake-job-" + id).start(() -> {
                try {
                    ResultsFolder mine = ResultsFolder.createAt(rec.resultsDir(), plan, Clock.system());
                    new StudyRunner(new LocalExecutor(sessions, Clock.system()), Clock.system()).continueIn(mine, plan,
                            c -> rec.cells().contains(JobRecord.key(c)), StudyRunListener.NONE);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            jobs.put(id, t);
        }

        @Override
        public Optional<JobStatus> status(String jobId) {
            Thread t = jobs.get(jobId);
            if (t == null) {
                return Optional.empty();
            }
            return Optional.of(t.isAlive() ? new JobStatus("RUNNING", "None", null, 0, "fake")
                    : new JobStatus("COMPLETED", "None", 0, 0, "fake"));
        }

        @Override
        public void cancel(String jobId) {
            Thread t = jobs.get(jobId);
            if (t != null) {
                t.interrupt();
            }
        }
    }

    /** The fake of the last executor made, to see what was submitted. */
    ThreadScheduler scheduler;

    /** Arrays allowed (the default): the contract's two groups, one time limit, go as one array. */
    boolean jobArrays() {
        return true;
    }

    @Override
    protected StudyExecutor executor(SessionRunner sessions, StudyPlan plan) {
        SlurmProfile profile = new SlurmProfile(null, null, null, null, null, List.of(), null, 2, 1.5, 300, 10,
                List.of("joulebench")).withJobArrays(jobArrays());
        scheduler = new ThreadScheduler(sessions, plan);
        return new SlurmExecutor(profile, scheduler, Clock.system(), JobListener.NONE);
    }

    @org.junit.jupiter.api.Test
    void groups_with_one_time_limit_are_one_array_throttled_to_max_parallel_jobs_and_followed_by_task_id()
            throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(jobArrays(), "job_arrays: false (see the subclass)");
        StudyPlan plan = StudyPlan.of(io.joulebench.core.results.Studies.load(tmp, "s.yaml", TWO_GROUPS));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        new StudyRunner(executor(new io.joulebench.core.results.FakeSessionRunner(0), plan), Clock.system())
                .continueIn(folder, plan, StudyRunListener.NONE);
        org.assertj.core.api.Assertions.assertThat(scheduler.submissions).singleElement()
                .satisfies(args -> org.assertj.core.api.Assertions.assertThat(args)
                        .contains("--array=0-1%2", "--job-name=joulebench-contract-g0-1"));
        List<JobRecord> records = JobRecord.all(folder.dir());
        org.assertj.core.api.Assertions.assertThat(records).extracting(JobRecord::jobId)
                .containsExactly("101_0", "101_1");
        org.assertj.core.api.Assertions.assertThat(records).allMatch(JobRecord::merged);
        org.assertj.core.api.Assertions.assertThat(folder.entries()).allMatch(
                io.joulebench.core.results.ManifestEntry::credited);
    }
}

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

        @Override
        public String submit(List<String> sbatchArgs, String script) throws IOException {
            Path dir = Path.of(script).getParent();
            JobRecord rec = JobRecord.read(dir);
            String id = Integer.toString(ids.incrementAndGet());
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
            return id;
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

    @Override
    protected StudyExecutor executor(SessionRunner sessions, StudyPlan plan) {
        SlurmProfile profile = new SlurmProfile(null, null, null, null, null, List.of(), null, 2, 1.5, 300, 10,
                List.of("joulebench"));
        return new SlurmExecutor(profile, new ThreadScheduler(sessions, plan), Clock.system(), JobListener.NONE);
    }
}

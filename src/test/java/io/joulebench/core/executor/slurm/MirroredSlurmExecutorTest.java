package io.joulebench.core.executor.slurm;

import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.executor.StudyExecutorContract;
import io.joulebench.core.executor.ssh.LocalDirRemoteFiles;
import io.joulebench.core.executor.ssh.MirroredJobFiles;
import io.joulebench.core.executor.ssh.SshSite;
import io.joulebench.core.executor.ssh.SshTarget;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.util.List;

/**
 * The Slurm executor as over SSH: its "jobs" (threads) see only the mirror of the results folder, a separate folder
 * standing in for the cluster's shared file system, so every group's job.json must have been pushed there and every
 * result must come back by the pulls for the contract to hold. {@code SshSlurmIT} runs it over a real sshd.
 */
class MirroredSlurmExecutorTest extends StudyExecutorContract {

    @Override
    protected StudyExecutor executor(SessionRunner sessions, StudyPlan plan) {
        SlurmProfile profile = new SlurmProfile(null, null, null, null, null, List.of(), null, 2, 1.5, 300, 10,
                List.of("joulebench")).withJobArrays(true);
        SshSite site = new SshSite(SshTarget.parse("me@login"), tmp.resolve("cluster").toAbsolutePath().toString());
        JobFiles files = new MirroredJobFiles(tmp.resolve("out"), site, new LocalDirRemoteFiles());
        return new SlurmExecutor(profile, new SlurmExecutorTest.ThreadScheduler(sessions, plan), Clock.system(),
                JobListener.NONE, files);
    }
}

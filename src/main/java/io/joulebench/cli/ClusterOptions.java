package io.joulebench.cli;

import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.executor.slurm.CommandRunner;
import io.joulebench.core.executor.slurm.JobFiles;
import io.joulebench.core.executor.slurm.JobListener;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.executor.slurm.JobEvents;
import io.joulebench.core.executor.slurm.SlurmCli;
import io.joulebench.core.executor.slurm.SlurmExecutor;
import io.joulebench.core.executor.slurm.SlurmExecutors;
import io.joulebench.core.executor.slurm.SlurmProfile;
import io.joulebench.core.executor.ssh.MirroredJobFiles;
import io.joulebench.core.executor.ssh.SshConnection;
import io.joulebench.core.executor.ssh.SshSite;
import io.joulebench.core.executor.ssh.SshTarget;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.LocalExecutor;
import io.joulebench.core.server.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The executor flags of {@code run} and {@code resume}: {@code --executor local|slurm} and the Slurm job's resources,
 * over the user's cluster profile ({@code ~/.joulebench/cluster.yaml}; on resume, the run's own
 * {@code cluster/profile.json}), and {@code --ssh}/{@code --remote-dir} to submit from this machine through a login
 * node (on resume, the run's {@code cluster/ssh.json}). Bad input, an unreachable or unverified login node included,
 * names the flag or the profile key (exit 2). The caller {@link #close()}s the connection when the run ends.
 */
final class ClusterOptions {

    @Option(names = "--executor", paramLabel = "KIND",
            description = "Where the session groups run: local (default) or slurm (one batch job per group).")
    String executor;

    @Option(names = "--slurm-partition", paramLabel = "P", description = "sbatch --partition for every job.")
    String partition;

    @Option(names = "--slurm-account", paramLabel = "A", description = "sbatch --account for every job.")
    String account;

    @Option(names = "--slurm-gpus", paramLabel = "N", description = "GPUs per job (sbatch --gpus).")
    Integer gpus;

    @Option(names = "--slurm-arg", paramLabel = "ARG",
            description = "One more sbatch argument (repeatable), after the others so it wins,"
                    + " e.g. --slurm-arg=--qos=short.")
    List<String> sbatchArgs = new ArrayList<>();

    @Option(names = "--max-parallel-jobs", paramLabel = "N", description = "At most N jobs queued or running at once.")
    Integer maxParallelJobs;

    @Option(names = "--ssh", paramLabel = "USER@HOST[:PORT]",
            description = "Submit, follow and cancel through a login node over SSH (your keys or ssh-agent; its host"
                    + " key must be in ~/.ssh/known_hosts); results are copied back into the local results folder"
                    + " as jobs write them.")
    String ssh;

    @Option(names = "--remote-dir", paramLabel = "DIR",
            description = "With --ssh: the folder on the cluster's shared file system that holds the run's mirror.")
    String remoteDir;

    /** The SSH connection of a run over {@code --ssh}, closed by {@link #close()}. */
    private SshConnection connection;

    /**
     * The executor the flags ask for. {@code resultsDir}: an existing run's folder on resume (its recorded profile
     * is the base, and a run recorded as a Slurm run stays one unless {@code --executor local} says otherwise).
     */
    StudyExecutor executor(SessionRunnerProvider sessions, Path resultsDir, Path newFolder, JobListener jobs,
                           HostEnvironment host) {
        ExecutorKind kind = kind(resultsDir);
        boolean slurmFlags = partition != null || account != null || gpus != null || !sbatchArgs.isEmpty()
                || maxParallelJobs != null;
        if (remoteDir != null && ssh == null) {
            throw new UserInputException("--remote-dir is only meaningful with --ssh USER@HOST[:PORT]");
        }
        if (kind == ExecutorKind.LOCAL) {
            if (slurmFlags || ssh != null) {
                throw new UserInputException(ssh != null ? "--ssh needs --executor slurm"
                        : "--slurm-*/--max-parallel-jobs need --executor slurm");
            }
            return new LocalExecutor(sessions.sessionRunner(), host.clock());
        }
        SlurmProfile profile = profile(resultsDir, host);
        if (partition != null) {
            profile = profile.withPartition(partition);
        }
        if (account != null) {
            profile = profile.withAccount(account);
        }
        if (gpus != null) {
            if (gpus < 1) {
                throw new UserInputException("--slurm-gpus must be at least 1, not " + gpus);
            }
            profile = profile.withGpusPerJob(gpus);
        }
        if (!sbatchArgs.isEmpty()) {
            List<String> all = new ArrayList<>(profile.sbatchArgs());
            all.addAll(sbatchArgs);
            profile = profile.withSbatchArgs(all);
        }
        if (maxParallelJobs != null) {
            if (maxParallelJobs < 1) {
                throw new UserInputException("--max-parallel-jobs must be at least 1, not " + maxParallelJobs);
            }
            profile = profile.withMaxParallelJobs(maxParallelJobs);
        }
        SshSite site = site(resultsDir, profile, host);
        if (site != null) {
            Path localBase = resultsDir != null ? resultsDir.toAbsolutePath().normalize().getParent() : newFolder;
            return overSsh(profile, site, localBase, jobs, host);
        }
        if (profile.workerCommand().isEmpty()) {
            profile = profile.withWorkerCommand(SlurmExecutors.thisJvm(host.home()));
        }
        Path folder = (resultsDir != null ? resultsDir : newFolder).toAbsolutePath().normalize();
        if (profile.sharedDir() != null && !folder.startsWith(profile.sharedDir().toAbsolutePath().normalize())) {
            throw new UserInputException("--out: the results folder " + folder + " is not inside the profile's"
                    + " shared_dir " + profile.sharedDir() + ", which the nodes see");
        }
        if (!SlurmExecutors.onPath("sbatch")) {
            throw new UserInputException("--executor slurm: sbatch is not on PATH here; run on a machine that can"
                    + " submit Slurm jobs (a login node)");
        }
        return new SlurmExecutor(profile, new SlurmCli(CommandRunner.local()), host.clock(), jobs);
    }

    /**
     * The login node and remote folder: from the flags; else, for a new run, from the profile's {@code ssh} and
     * {@code remote_dir} (what the workbench's profile editor writes); else (resume) as the run recorded them; null:
     * none.
     */
    private SshSite site(Path resultsDir, SlurmProfile profile, HostEnvironment host) {
        try {
            if (ssh != null) {
                if (remoteDir == null || remoteDir.isBlank()) {
                    throw new UserInputException("--ssh needs --remote-dir DIR: the folder on the cluster's shared"
                            + " file system where the run's files are mirrored");
                }
                return new SshSite(SshTarget.parse(ssh), remoteDir.strip());
            }
            if (resultsDir == null && profile.ssh() != null) {
                if (profile.remoteDir() == null) {
                    throw new UserInputException(host.joulebenchDir().resolve(SlurmProfile.FILE_NAME) + ": ssh is set"
                            + " but remote_dir is not: name the folder on the cluster's shared file system where the"
                            + " run's files are mirrored (or pass --remote-dir)");
                }
                return new SshSite(SshTarget.parse(profile.ssh()), profile.remoteDir());
            }
            return resultsDir == null ? null
                    : SshSite.read(resultsDir.resolve(JobRecord.CLUSTER_DIR)).orElse(null);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        } catch (IOException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    /** Scheduler commands over SSH, the results folder mirrored at {@code site}: refused before anything is sent. */
    private StudyExecutor overSsh(SlurmProfile profile, SshSite site, Path localBase, JobListener jobs,
                                  HostEnvironment host) {
        if (profile.workerCommand().isEmpty()) {
            throw new UserInputException("--ssh: the cluster profile has no worker_command; set it in "
                    + host.joulebenchDir().resolve(SlurmProfile.FILE_NAME) + " to how the cluster's nodes start"
                    + " joulebench (e.g. worker_command: [/shared/joulebench/bin/joulebench]): this machine's java"
                    + " and class path mean nothing on the cluster");
        }
        if (profile.sharedDir() != null
                && !(site.remoteDir() + "/").startsWith(profile.sharedDir().toString().replaceAll("/+$", "") + "/")) {
            throw new UserInputException("--remote-dir: " + site.remoteDir() + " is not inside the profile's"
                    + " shared_dir " + profile.sharedDir() + ", which the nodes see");
        }
        try {
            connection = SshConnection.open(site.target(), host.home(), System.getenv());
            CommandRunner.Result sbatch = connection.commands().run(List.of("sbatch", "--version"));
            if (sbatch.exitCode() != 0) {
                throw new UserInputException("--ssh: sbatch does not run on " + site.target() + " (exit "
                        + sbatch.exitCode() + ": " + sbatch.stderr().strip() + "); name a login node that can submit"
                        + " Slurm jobs");
            }
            try {
                connection.files().mkdirs(site.remoteDir());
            } catch (IOException e) {
                throw new UserInputException("--remote-dir: " + site.remoteDir() + " cannot be created on "
                        + site.target() + ": " + e.getMessage());
            }
            JobFiles files = new MirroredJobFiles(localBase, site, connection.files());
            return new SlurmExecutor(profile, new SlurmCli(connection.commands()), host.clock(), jobs, files);
        } catch (IOException | RuntimeException e) {
            close();
            if (e instanceof UserInputException u) {
                throw u;
            }
            throw new UserInputException(e.getMessage());
        }
    }

    /** Ends the SSH connection, if the run made one: the Slurm jobs are all it leaves on the cluster. */
    void close() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private ExecutorKind kind(Path resultsDir) {
        if (executor != null) {
            return ExecutorKind.of(executor.strip()).orElseThrow(() -> new UserInputException("--executor: unknown"
                    + " executor '" + executor + "' (known: " + String.join(", ", ExecutorKind.ids()) + ")"));
        }
        if (resultsDir != null && Files.isRegularFile(profileOf(resultsDir))) {
            return ExecutorKind.SLURM;
        }
        return ExecutorKind.LOCAL;
    }

    private static Path profileOf(Path resultsDir) {
        return resultsDir.resolve(JobRecord.CLUSTER_DIR).resolve(SlurmExecutor.PROFILE_FILE);
    }

    private static SlurmProfile profile(Path resultsDir, HostEnvironment host) {
        try {
            if (resultsDir != null && Files.isRegularFile(profileOf(resultsDir))) {
                return SlurmProfile.fromJson(profileOf(resultsDir));
            }
            Path user = host.joulebenchDir().resolve(SlurmProfile.FILE_NAME);
            return SlurmProfile.read(user);
        } catch (SlurmProfile.ProfileException e) {
            throw new UserInputException(e.getMessage());
        } catch (IOException e) {
            throw new UserInputException(profileOf(resultsDir) + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * Job lines for the CLI's progress and the run's events file, with their fields ({@link JobEvents}, the one
     * owner of the lines, which the workbench's follower reads back).
     */
    static JobListener printing(ProgressPrinter printer, java.util.function.Supplier<EventLog> events) {
        return JobEvents.writer(job -> {
            printer.print(io.joulebench.core.event.RunEventText.line(job), false);
            EventLog log = events.get();
            if (log != null) {
                log.event(job);
            }
        });
    }
}

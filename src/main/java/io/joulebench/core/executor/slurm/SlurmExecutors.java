package io.joulebench.core.executor.slurm;

import io.joulebench.core.time.Clock;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Builds the Slurm executor of a new run as {@code joulebench run --executor slurm} does without flags: the user's
 * profile ({@code ~/.joulebench/cluster.yaml}), this JVM as the worker command when the profile names none, the
 * results folder inside the profile's {@code shared_dir}, and {@code sbatch} on PATH. For the workbench's
 * "Run on: cluster profile"; every refusal is a {@link SlurmProfile.ProfileException} whose message says what to do.
 */
public final class SlurmExecutors {

    private SlurmExecutors() {
    }

    /** The user's cluster profile file: {@code <joulebench dir>/cluster.yaml}. */
    public static Path userProfileFile(Path joulebenchDir) {
        return joulebenchDir.resolve(SlurmProfile.FILE_NAME);
    }

    /**
     * The executor for a new run into {@code resultsDir}, with the profile read from {@code joulebenchDir}.
     *
     * @param home this user's home, which the worker JVM is given ({@code -Duser.home})
     */
    public static SlurmExecutor forNewRun(Path joulebenchDir, Path home, Path resultsDir, Clock clock,
                                          JobListener jobs) throws SlurmProfile.ProfileException {
        return forNewRun(SlurmProfile.read(userProfileFile(joulebenchDir)), home, resultsDir, clock, jobs,
                onPath("sbatch"));
    }

    static SlurmExecutor forNewRun(SlurmProfile profile, Path home, Path resultsDir, Clock clock, JobListener jobs,
                                   boolean sbatchOnPath) throws SlurmProfile.ProfileException {
        if (profile.ssh() != null) {
            throw new SlurmProfile.ProfileException("the cluster profile submits through " + profile.ssh() + " over SSH,"
                    + " which the workbench does not do yet: run it from a terminal with 'joulebench run STUDY"
                    + " --executor slurm' (the profile's ssh and remote_dir apply) and follow its folder here");
        }
        SlurmProfile p = profile.workerCommand().isEmpty() ? profile.withWorkerCommand(thisJvm(home)) : profile;
        Path folder = resultsDir.toAbsolutePath().normalize();
        if (p.sharedDir() != null && !folder.startsWith(p.sharedDir().toAbsolutePath().normalize())) {
            throw new SlurmProfile.ProfileException("the results folder " + folder + " is not inside the profile's"
                    + " shared_dir " + p.sharedDir() + ", which the nodes see");
        }
        if (!sbatchOnPath) {
            throw new SlurmProfile.ProfileException("sbatch is not on PATH here: run the workbench on a machine that"
                    + " can submit Slurm jobs (a login node), or run on this machine");
        }
        return new SlurmExecutor(p, new SlurmCli(CommandRunner.local()), clock, jobs);
    }

    /** Whether a results folder is a Slurm run's (its coordinator recorded the profile it submits with). */
    public static boolean isClusterRun(Path resultsDir) {
        return Files.isRegularFile(recordedProfile(resultsDir));
    }

    private static Path recordedProfile(Path resultsDir) {
        return resultsDir.resolve(JobRecord.CLUSTER_DIR).resolve(SlurmExecutor.PROFILE_FILE);
    }

    /**
     * The executor that resumes a Slurm run as {@code joulebench resume DIR} does: the run's recorded profile (its
     * worker command included), so the uncredited groups go back to the cluster and jobs still running are
     * reattached, never run on this machine. A run submitted over SSH is refused with the command that resumes it.
     */
    public static SlurmExecutor forResume(Path resultsDir, Clock clock, JobListener jobs)
            throws SlurmProfile.ProfileException, java.io.IOException {
        return forResume(resultsDir, clock, jobs, onPath("sbatch"));
    }

    static SlurmExecutor forResume(Path resultsDir, Clock clock, JobListener jobs, boolean sbatchOnPath)
            throws SlurmProfile.ProfileException, java.io.IOException {
        if (Files.isRegularFile(resultsDir.resolve(JobRecord.CLUSTER_DIR)
                .resolve(io.joulebench.core.executor.ssh.SshSite.FILE_NAME))) {
            throw new SlurmProfile.ProfileException("this run was submitted over SSH, which the workbench does not do"
                    + " yet: resume it from a terminal with 'joulebench resume " + resultsDir + "' and follow its folder"
                    + " here");
        }
        if (!sbatchOnPath) {
            throw new SlurmProfile.ProfileException("this run's groups ran as Slurm jobs and sbatch is not on PATH here:"
                    + " resume it on a login node ('joulebench resume " + resultsDir + "'), not on this machine");
        }
        return new SlurmExecutor(SlurmProfile.fromJson(recordedProfile(resultsDir)), new SlurmCli(CommandRunner.local()),
                clock, jobs);
    }

    /**
     * This JVM's java, class path and home, with the client's collector ({@code ClientJvmFlags}): how a node that
     * shares the file system starts the worker. The class path
     * is made absolute: the job starts in its own folder ({@code --chdir}), where a relative entry (the
     * {@code java -jar target/joulebench.jar} of a source checkout) names nothing.
     */
    public static List<String> thisJvm(Path home) {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = java.util.Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(e -> Path.of(e).toAbsolutePath().normalize().toString())
                .collect(java.util.stream.Collectors.joining(File.pathSeparator));
        List<String> argv = new java.util.ArrayList<>(List.of(javaBin, "-Xmx512m"));
        argv.addAll(io.joulebench.core.ClientJvmFlags.GC);
        argv.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-Duser.home=" + home, "-cp", classPath,
                "io.joulebench.Main"));
        return List.copyOf(argv);
    }

    /** Whether {@code command} is an executable in a folder of PATH. */
    public static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}

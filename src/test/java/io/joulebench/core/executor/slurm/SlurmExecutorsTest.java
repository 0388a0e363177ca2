package io.joulebench.core.executor.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmExecutorsTest {

    @TempDir
    Path tmp;

    @Test
    void no_sbatch_here_is_a_sentence_saying_where_to_run_not_an_exception_trace() {
        assertThatThrownBy(() -> SlurmExecutors.forNewRun(SlurmProfile.defaults(), tmp, tmp.resolve("run"),
                VirtualClock.atSeconds(0), JobListener.NONE, false))
                .isInstanceOf(SlurmProfile.ProfileException.class)
                .hasMessageContaining("sbatch is not on PATH");
    }

    @Test
    void a_results_folder_outside_the_shared_dir_is_refused_naming_the_key() throws Exception {
        Path file = java.nio.file.Files.writeString(tmp.resolve("cluster.yaml"), "shared_dir: " + tmp.resolve("shared"));
        SlurmProfile shared = SlurmProfile.read(file);
        assertThatThrownBy(() -> SlurmExecutors.forNewRun(shared, tmp, tmp.resolve("elsewhere/run"),
                VirtualClock.atSeconds(0), JobListener.NONE, true))
                .hasMessageContaining("shared_dir");
        assertThat(SlurmExecutors.forNewRun(shared, tmp, tmp.resolve("shared/run"), VirtualClock.atSeconds(0),
                JobListener.NONE, true)).isNotNull();
    }

    @Test
    void a_profile_that_submits_over_ssh_is_refused_in_the_workbench_with_the_command_that_does_it() throws Exception {
        Path file = java.nio.file.Files.writeString(tmp.resolve("cluster.yaml"),
                "ssh: me@login.example.org\nremote_dir: /shared/me\n");
        assertThatThrownBy(() -> SlurmExecutors.forNewRun(SlurmProfile.read(file), tmp, tmp.resolve("run"),
                VirtualClock.atSeconds(0), JobListener.NONE, true))
                .isInstanceOf(SlurmProfile.ProfileException.class)
                .hasMessageContaining("me@login.example.org").hasMessageContaining("joulebench run STUDY --executor slurm");
    }

    @Test
    void a_slurm_runs_folder_resumes_on_slurm_with_its_recorded_profile_and_an_ssh_run_is_refused_by_name()
            throws Exception {
        Path run = tmp.resolve("run");
        assertThat(SlurmExecutors.isClusterRun(run)).isFalse();
        Path cluster = java.nio.file.Files.createDirectories(run.resolve(JobRecord.CLUSTER_DIR));
        java.nio.file.Files.writeString(cluster.resolve(SlurmExecutor.PROFILE_FILE),
                SlurmProfile.defaults().withMaxParallelJobs(3).toJson());
        assertThat(SlurmExecutors.isClusterRun(run)).isTrue();
        assertThat(SlurmExecutors.forResume(run, VirtualClock.atSeconds(0), JobListener.NONE, true).kind())
                .isEqualTo(io.joulebench.core.executor.ExecutorKind.SLURM);
        assertThatThrownBy(() -> SlurmExecutors.forResume(run, VirtualClock.atSeconds(0), JobListener.NONE, false))
                .isInstanceOf(SlurmProfile.ProfileException.class).hasMessageContaining("joulebench resume " + run);
        java.nio.file.Files.writeString(cluster.resolve(io.joulebench.core.executor.ssh.SshSite.FILE_NAME), "{}");
        assertThatThrownBy(() -> SlurmExecutors.forResume(run, VirtualClock.atSeconds(0), JobListener.NONE, true))
                .isInstanceOf(SlurmProfile.ProfileException.class).hasMessageContaining("over SSH")
                .hasMessageContaining("joulebench resume " + run);
    }

    @Test
    void without_a_worker_command_the_nodes_start_this_jvm_with_the_users_home() {
        java.util.List<String> argv = SlurmExecutors.thisJvm(tmp);
        assertThat(argv).contains("-Duser.home=" + tmp, "io.joulebench.Main");
        assertThat(argv).as("the worker issues traffic: the client's collector (decision record 0022)")
                .containsAll(io.joulebench.core.ClientJvmFlags.GC);
        assertThat(argv.indexOf(io.joulebench.core.ClientJvmFlags.GC.get(0))).as("a JVM flag, before the class")
                .isLessThan(argv.indexOf("io.joulebench.Main"));
        String classPath = argv.get(argv.indexOf("-cp") + 1);
        assertThat(classPath.split(java.io.File.pathSeparator)).as("the job runs in its own folder")
                .allSatisfy(e -> assertThat(Path.of(e)).isAbsolute());
    }
}

package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.editor.ClusterProfileViewModel.Field;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.executor.slurm.SlurmProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterProfileViewModelTest {

    @TempDir
    Path home;

    private ClusterProfileViewModel vm(Path file) {
        return new ClusterProfileViewModel(file, Runnable::run, UiExecutor.direct());
    }

    @Test
    void the_file_is_read_into_the_fields_and_written_back_as_the_cli_reads_it() throws Exception {
        Path file = home.resolve(".joulebench/cluster.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                partition: gpu
                gpus_per_job: 1
                time_margin_factor: 2.0
                worker_command: [/shared/bin/joulebench]
                """);
        ClusterProfileViewModel vm = vm(file);
        vm.load();
        assertThat(vm.field(Field.PARTITION).get()).isEqualTo("gpu");
        assertThat(vm.field(Field.MAX_PARALLEL_JOBS).get()).isEqualTo("4");

        vm.field(Field.ACCOUNT).set("lab42");
        vm.field(Field.MAX_PARALLEL_JOBS).set("2");
        vm.field(Field.SSH).set("ana@login.example.org:2222");
        vm.field(Field.REMOTE_DIR).set("/shared/bench");
        vm.field(Field.SBATCH_ARGS).set("--qos=short  --exclusive");
        boolean[] saved = {false};
        assertThat(vm.save(() -> saved[0] = true)).isTrue();

        assertThat(saved[0]).isTrue();
        SlurmProfile back = SlurmProfile.read(file);
        assertThat(back.partition()).isEqualTo("gpu");
        assertThat(back.account()).isEqualTo("lab42");
        assertThat(back.maxParallelJobs()).isEqualTo(2);
        assertThat(back.ssh()).isEqualTo("ana@login.example.org:2222");
        assertThat(back.remoteDir()).isEqualTo("/shared/bench");
        assertThat(back.sbatchArgs()).containsExactly("--qos=short", "--exclusive");
        assertThat(back.timeMarginFactor()).as("a key the form does not show is kept").isEqualTo(2.0);
        assertThat(back.workerCommand()).containsExactly("/shared/bin/joulebench");
        assertThat(Files.readString(file)).as("defaults are left out").doesNotContain("poll_interval_ms");
    }

    @Test
    void a_bad_value_is_refused_naming_its_key_and_nothing_is_written() {
        Path file = home.resolve("cluster.yaml");
        ClusterProfileViewModel vm = vm(file);
        vm.load();
        assertThat(vm.statusProperty().get()).contains("does not exist yet");

        vm.field(Field.GPUS_PER_JOB).set("two");
        assertThat(vm.save(() -> { })).isFalse();
        assertThat(vm.problemProperty().get()).contains("gpus_per_job");

        vm.field(Field.GPUS_PER_JOB).set("0");
        assertThat(vm.save(() -> { })).isFalse();
        assertThat(vm.problemProperty().get()).contains("gpus_per_job must be a whole number ≥ 1");

        vm.field(Field.GPUS_PER_JOB).set("");
        vm.field(Field.SSH).set("login.example.org");
        assertThat(vm.save(() -> { })).isFalse();
        assertThat(vm.problemProperty().get()).contains("ssh must be USER@HOST");

        vm.field(Field.SSH).set("");
        vm.field(Field.REMOTE_DIR).set("bench");
        assertThat(vm.save(() -> { })).isFalse();
        assertThat(vm.problemProperty().get()).contains("remote_dir");
        assertThat(file).doesNotExist();
    }

    @Test
    void a_profile_the_cli_would_refuse_is_shown_with_its_reason() throws Exception {
        Path file = home.resolve("cluster.yaml");
        Files.writeString(file, "partitoin: gpu\n");
        ClusterProfileViewModel vm = vm(file);
        vm.load();
        assertThat(vm.problemProperty().get()).contains("unknown key 'partitoin'");
    }
}

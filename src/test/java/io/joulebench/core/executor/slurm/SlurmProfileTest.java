package io.joulebench.core.executor.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmProfileTest {

    @TempDir
    Path tmp;

    @Test
    void a_profile_file_sets_the_job_resources_and_round_trips_through_the_results_folder() throws Exception {
        Path file = Files.writeString(tmp.resolve("cluster.yaml"), """
                partition: gpu
                account: lab42
                gpus_per_job: 2
                memory: 64G
                sbatch_args: [--qos=short]
                max_parallel_jobs: 8
                """);
        SlurmProfile p = SlurmProfile.read(file);
        assertThat(p.partition()).isEqualTo("gpu");
        assertThat(p.gpusPerJob()).isEqualTo(2);
        assertThat(p.sbatchArgs()).containsExactly("--qos=short");
        assertThat(p.maxParallelJobs()).isEqualTo(8);
        Path json = Files.writeString(tmp.resolve("profile.json"), p.toJson());
        assertThat(SlurmProfile.fromJson(json)).isEqualTo(p);
    }

    @Test
    void an_unknown_key_or_a_bad_value_is_named() throws Exception {
        Path typo = Files.writeString(tmp.resolve("a.yaml"), "partiton: gpu\n");
        assertThatThrownBy(() -> SlurmProfile.read(typo)).isInstanceOf(SlurmProfile.ProfileException.class)
                .hasMessageContaining("unknown key 'partiton'").hasMessageContaining(typo.toString());
        Path bad = Files.writeString(tmp.resolve("b.yaml"), "max_parallel_jobs: 0\n");
        assertThatThrownBy(() -> SlurmProfile.read(bad)).hasMessageContaining("max_parallel_jobs must be a whole"
                + " number ≥ 1, not 0");
    }

    @Test
    void the_time_limit_is_the_estimate_with_its_margin_in_whole_minutes() {
        SlurmProfile p = SlurmProfile.defaults(); // × 1.5 + 300 s
        assertThat(p.timeLimitMinutes(0)).isEqualTo(5);
        assertThat(p.timeLimitMinutes(600)).isEqualTo(20);
        assertThat(p.timeLimitMinutes(601)).isEqualTo(21);
        assertThat(SlurmProfile.defaults().withSbatchArgs(List.of()).timeLimitMinutes(1)).isEqualTo(6);
    }
}

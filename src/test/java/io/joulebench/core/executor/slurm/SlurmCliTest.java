package io.joulebench.core.executor.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlurmCliTest {

    /** Answers each command by its name; records what ran. */
    private static final class Scripted implements CommandRunner {
        final Map<String, Result> answers;
        final List<List<String>> ran = new ArrayList<>();

        Scripted(Map<String, Result> answers) {
            this.answers = answers;
        }

        @Override
        public Result run(List<String> argv) {
            ran.add(argv);
            return answers.getOrDefault(argv.get(0), new Result(1, "", "not scripted"));
        }
    }

    private static final String SCONTROL_TIMEOUT = "JobId=12 JobName=joulebench-q-g0 UserId=root(0) JobState=TIMEOUT"
            + " Reason=TimeLimit Dependency=(null) Requeue=1 ExitCode=0:15 RunTime=00:01:02 TimeLimit=00:01:00"
            + " NodeList=vm BatchHost=vm";

    @Test
    void without_accounting_a_finished_job_is_read_from_scontrol() throws IOException {
        Scripted s = new Scripted(Map.of(
                "squeue", new CommandRunner.Result(0, "", ""),
                "sacct", new CommandRunner.Result(1, "", "Slurm accounting storage is disabled"),
                "scontrol", new CommandRunner.Result(0, SCONTROL_TIMEOUT + "\n", "")));
        SlurmCli cli = new SlurmCli(s);
        JobStatus status = cli.status("12").orElseThrow();
        assertThat(status.state()).isEqualTo("TIMEOUT");
        assertThat(status.active()).isFalse();
        assertThat(status.failureType()).isEqualTo("TIMEOUT");
        assertThat(status.describe("12")).isEqualTo("Slurm job 12 ended TIMEOUT on vm (exit code 0, signal 15):"
                + " TimeLimit");
        cli.status("12");
        assertThat(s.ran.stream().filter(a -> a.get(0).equals("sacct"))).as("sacct asked once").hasSize(1);
    }

    @Test
    void with_accounting_sacct_gives_the_state_and_exit_code() throws IOException {
        Scripted s = new Scripted(Map.of(
                "squeue", new CommandRunner.Result(1, "", "Invalid job id specified"),
                "sacct", new CommandRunner.Result(0, "FAILED|3:0|NonZeroExitCode|node7\n", "")));
        JobStatus status = new SlurmCli(s).status("40").orElseThrow();
        assertThat(status).isEqualTo(new JobStatus("FAILED", "NonZeroExitCode", 3, 0, "node7"));
        assertThat(status.describe("40")).isEqualTo("Slurm job 40 ended FAILED on node7 (exit code 3):"
                + " NonZeroExitCode");
    }

    @Test
    void a_queued_job_is_active_from_squeue() throws IOException {
        Scripted s = new Scripted(Map.of("squeue", new CommandRunner.Result(0, "RUNNING|None|vm\n", "")));
        assertThat(new SlurmCli(s).status("5")).contains(new JobStatus("RUNNING", "None", null, 0, "vm"));
        assertThat(s.ran).hasSize(1);
    }

    @Test
    void sbatch_parsable_output_is_the_job_id_and_a_refusal_says_why() throws IOException {
        Scripted ok = new Scripted(Map.of("sbatch", new CommandRunner.Result(0, "17;cluster\n", "")));
        assertThat(new SlurmCli(ok).submit(List.of("--time=3"), "/j/job.sh")).isEqualTo("17");
        assertThat(ok.ran.getFirst()).containsExactly("sbatch", "--parsable", "--time=3", "/j/job.sh");
        Scripted refused = new Scripted(Map.of("sbatch", new CommandRunner.Result(1, "",
                "sbatch: error: invalid partition specified: gpu\n")));
        assertThatThrownBy(() -> new SlurmCli(refused).submit(List.of(), "job.sh"))
                .hasMessage("sbatch refused the job: sbatch: error: invalid partition specified: gpu");
    }

    @Test
    void sacct_writes_cancelled_by_uid_and_the_state_is_its_first_word() {
        assertThat(new JobStatus("CANCELLED by 0", null, 0, 15, null).state()).isEqualTo("CANCELLED");
    }
}

package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.time.Clock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** The executor flags of {@code run}: bad input names the flag, exit 2, before anything is created or submitted. */
class ClusterOptionsTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--executor=kube|--executor: unknown executor 'kube' (known: local, slurm)",
        "--slurm-partition=gpu|--slurm-*/--max-parallel-jobs need --executor slurm",
        "--executor=slurm --max-parallel-jobs=0|--max-parallel-jobs must be at least 1, not 0",
        "--executor=slurm --slurm-gpus=0|--slurm-gpus must be at least 1, not 0",
        "--executor=slurm --ssh=me@login|--ssh needs --remote-dir DIR",
        "--executor=slurm --remote-dir=/shared|--remote-dir is only meaningful with --ssh",
        "--ssh=me@login --remote-dir=/shared|--ssh needs --executor slurm",
        "--executor=slurm --ssh=login --remote-dir=/shared|--ssh: 'login' is not USER@HOST[:PORT]",
        "--executor=slurm --ssh=me@login --remote-dir=shared|--remote-dir: 'shared' is not an absolute path",
    })
    void bad_executor_flags_are_refused_naming_the_flag(String flags, String message) {
        FakeSessionRunner fake = new FakeSessionRunner(0);
        CommandLine cl = JoulebenchCommand.commandLine(() -> fake);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        List<String> args = new java.util.ArrayList<>(List.of("run", "examples/smoke.yaml", "--out",
                tmp.resolve("out").toString()));
        args.addAll(List.of(flags.split(" ")));
        assertThat(cl.execute(args.toArray(String[]::new))).as(err.toString()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains(message).doesNotContain("\tat ");
        assertThat(fake.groups).isEmpty();
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void ssh_without_a_worker_command_is_refused_explaining_why() {
        StringWriter err = new StringWriter();
        int exit = runWithHome(tmp.resolve("home"), err, "--executor=slurm", "--ssh=me@127.0.0.1:1",
                "--remote-dir=/shared");
        assertThat(exit).as(err.toString()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains("--ssh: the cluster profile has no worker_command")
                .contains("mean nothing on the cluster").doesNotContain("\tat ");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void an_unreachable_login_node_is_refused_naming_it_before_anything_is_created() throws Exception {
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve(".joulebench"));
        Files.writeString(home.resolve(".joulebench/cluster.yaml"), "worker_command: [joulebench]\n");
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        StringWriter err = new StringWriter();
        int exit = runWithHome(home, err, "--executor=slurm", "--ssh=me@127.0.0.1:" + port, "--remote-dir=/shared");
        assertThat(exit).as(err.toString()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains("--ssh: cannot reach 127.0.0.1 (port " + port + ")")
                .doesNotContain("\tat ");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void the_profiles_ssh_and_remote_dir_are_used_without_flags_as_the_profile_editor_writes_them() throws Exception {
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve(".joulebench"));
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        Files.writeString(home.resolve(".joulebench/cluster.yaml"),
                "worker_command: [joulebench]\nssh: me@127.0.0.1:" + port + "\nremote_dir: /shared\n");
        StringWriter err = new StringWriter();
        int exit = runWithHome(home, err, "--executor=slurm");
        assertThat(exit).as(err.toString()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).as("it tried the profile's login node").contains("cannot reach 127.0.0.1 (port "
                + port + ")").doesNotContain("\tat ");

        Files.writeString(home.resolve(".joulebench/cluster.yaml"), "worker_command: [joulebench]\nssh: me@login\n");
        StringWriter err2 = new StringWriter();
        assertThat(runWithHome(home, err2, "--executor=slurm")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err2.toString()).contains("ssh is set but remote_dir is not");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    private int runWithHome(Path home, StringWriter err, String... flags) {
        CommandLine cl = JoulebenchCommand.commandLine(new HostEnvironment(home, null, Clock.system()));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        List<String> args = new java.util.ArrayList<>(List.of("run", "examples/smoke.yaml", "--out",
                tmp.resolve("out").toString()));
        args.addAll(List.of(flags));
        return cl.execute(args.toArray(String[]::new));
    }

    @Test
    void watch_prints_the_progress_lines_of_a_finished_run_and_exits_zero() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("manifest.json"), "{}");
        Files.writeString(dir.resolve("events.jsonl"), """
                {"t":"2026-12-02T00:00:00Z","event":"study_started","line":"study s: 1 level, 3 windows"}
                {"t":"2026-12-02T00:00:01Z","event":"power","power_w":120.0}
                {"t":"2026-12-02T00:00:02Z","event":"job_progress","line":"job 7: level 1/1 at 2 req/s, ETA 0s: valid, 3 windows"}
                {"t":"2026-12-02T00:00:03Z","event":"study_finished","line":"study finished in 3s"}
                """);
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("watch", dir.toString())).isZero();
        assertThat(err.toString().lines()).containsExactly("study s: 1 level, 3 windows",
                "job 7: level 1/1 at 2 req/s, ETA 0s: valid, 3 windows", "study finished in 3s");
    }

    @Test
    void watch_of_a_folder_that_is_no_results_folder_is_bad_input() {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("watch", tmp.toString())).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains("is not a results folder");
    }
}

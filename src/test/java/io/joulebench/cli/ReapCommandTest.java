package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.server.PidFiles;
import io.joulebench.core.server.ProcessIdentity;
import io.joulebench.core.time.Clock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReapCommandTest {

    @TempDir
    Path state;

    private String run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        assertThat(cl.execute(args)).isEqualTo(ExitCodes.OK);
        return out.toString();
    }

    private static ProcessIdentity deadProcess() throws Exception {
        Process p = new ProcessBuilder("true").start();
        ProcessIdentity identity = ProcessIdentity.of(p.toHandle());
        p.waitFor();
        return identity;
    }

    @Test
    void stale_pid_files_of_dead_parents_are_listed_in_a_dry_run_and_removed_for_real() throws Exception {
        PidFiles files = new PidFiles(state);
        Path stale = files.write(deadProcess(), deadProcess(), LaunchSpec.builder(EnginePreset.LLAMACPP).build(),
                "llama-server", null);

        assertThat(run("reap", "--dry-run", "--no-docker", "--state-dir", state.toString()))
                .contains("would remove pid-file " + stale.getFileName()).contains("would reap 1");
        assertThat(stale).exists();

        assertThat(run("reap", "--no-docker", "--state-dir", state.toString()))
                .contains("removed pid-file " + stale.getFileName()).contains("reaped 1");
        assertThat(stale).doesNotExist();
    }

    @Test
    void records_of_a_live_parent_are_left_alone() {
        PidFiles files = new PidFiles(state);
        Path mine = files.write(ProcessIdentity.current(), ProcessIdentity.current(),
                LaunchSpec.builder(EnginePreset.LLAMACPP).build(), "llama-server", null);

        assertThat(run("reap", "--no-docker", "--state-dir", state.toString())).contains("nothing to reap");
        assertThat(mine).exists();
    }

    @Test
    void without_a_state_dir_it_reads_the_pid_files_under_the_command_lines_host_not_this_users_home(
            @TempDir Path home) throws Exception {
        // Issue 15 item 5: the CLI read HostEnvironment.system() in each command; tests set user.home to redirect it.
        HostEnvironment host = new HostEnvironment(home, null, Clock.system());
        Path stale = new PidFiles(host.processStateDir()).write(deadProcess(), deadProcess(),
                LaunchSpec.builder(EnginePreset.LLAMACPP).build(), "llama-server", null);
        CommandLine cl = JoulebenchCommand.commandLine(host);
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));

        assertThat(cl.execute("reap", "--dry-run", "--no-docker")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("would remove pid-file " + stale.getFileName()).contains("would reap 1");
    }
}

package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunProcessTest {

    @TempDir
    Path dir;

    @Test
    void the_running_process_is_found_while_it_holds_the_folder_and_not_after() throws Exception {
        try (RunProcess ignored = RunProcess.claim(dir)) {
            assertThat(RunProcess.find(dir)).map(ProcessHandle::pid).contains(ProcessHandle.current().pid());
        }
        assertThat(dir.resolve(RunProcess.FILE_NAME)).doesNotExist();
        assertThat(RunProcess.find(dir)).isEmpty();
    }

    @Test
    void a_pid_reused_by_another_process_is_not_the_run() throws Exception {
        // a run killed with SIGKILL leaves its file; a later process with the same pid must never be signalled
        Files.writeString(dir.resolve(RunProcess.FILE_NAME),
                "{\"pid\":" + ProcessHandle.current().pid() + ",\"start\":1000}\n");
        assertThat(RunProcess.find(dir)).isEmpty();
    }

    @Test
    void a_dead_process_is_not_running_the_folder() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        Files.writeString(dir.resolve(RunProcess.FILE_NAME), "{\"pid\":" + p.pid() + "}\n");
        assertThat(RunProcess.find(dir)).isEmpty();
        assertThat(RunProcess.interrupt(dir)).isFalse();
    }

    @Test
    void a_process_that_ignores_sigint_is_told_apart_from_one_that_handles_it() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc only");
        // a background job of a non-interactive shell starts with SIGINT ignored; its JVM then never sees SIGINT
        Process ignoring = new ProcessBuilder("sh", "-c", "trap '' INT; exec sleep 30").start();
        Process handling = new ProcessBuilder("sleep", "30").start();
        try {
            Thread.sleep(300); // the trap is set before the exec
            assertThat(RunProcess.ignoresSigint(ignoring.pid())).isTrue();
            assertThat(RunProcess.ignoresSigint(handling.pid())).isFalse();
        } finally {
            ignoring.destroyForcibly();
            handling.destroyForcibly();
        }
    }
}

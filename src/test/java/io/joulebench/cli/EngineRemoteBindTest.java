package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A non-loopback {@code --host} is refused without {@code --allow-remote} (EngineCommandTest) and, with it, served
 * with a warning on stderr. The engine is stopped by its {@code exit-after} fault, so the command returns in-process.
 */
class EngineRemoteBindTest {

    private record Run(int exit, String out, String stderr) {
    }

    /** Runs {@code engine ARGS}, capturing the process stderr, where logback's console appender writes. */
    private static Run engine(String... args) {
        StringWriter out = new StringWriter();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream previous = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        int exit;
        try {
            picocli.CommandLine cl = JoulebenchCommand.commandLine();
            cl.setOut(new PrintWriter(out, true));
            String[] argv = new String[args.length + 1];
            argv[0] = "engine";
            System.arraycopy(args, 0, argv, 1, args.length);
            exit = cl.execute(argv);
        } finally {
            System.setErr(previous);
        }
        return new Run(exit, out.toString(), stderr.toString(StandardCharsets.UTF_8));
    }

    @Test
    void allow_remote_serves_a_non_loopback_host_with_a_warning_on_stderr() {
        Run run = engine("--host", "0.0.0.0", "--allow-remote", "--port", "0", "--fault", "exit-after=0.2");
        assertThat(run.out()).startsWith("listening on http://0.0.0.0:");
        assertThat(run.stderr().lines().filter(l -> l.contains("non-loopback")).toList()).singleElement().asString()
                .contains("WARN").contains("non-loopback 0.0.0.0").contains("anyone who reaches it can use it");
        assertThat(run.exit()).as("stopped by the exit-after fault").isEqualTo(ExitCodes.RUN_FAILED);
    }

    @Test
    void the_loopback_default_serves_without_a_warning() {
        Run run = engine("--port", "0", "--fault", "exit-after=0.2");
        assertThat(run.out()).startsWith("listening on http://127.0.0.1:");
        assertThat(run.stderr()).contains("injected fault").doesNotContain("non-loopback");
    }
}

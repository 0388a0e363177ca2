package io.joulebench.core.executor.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one scheduler command and returns its exit code and output. {@link #local()} starts it on this machine; an
 * SSH implementation would run it on a login node.
 */
@FunctionalInterface
public interface CommandRunner {

    record Result(int exitCode, String stdout, String stderr) {
    }

    Result run(List<String> argv) throws IOException;

    /** Commands on this machine, each given a minute. */
    static CommandRunner local() {
        return argv -> {
            Process p = new ProcessBuilder(argv).start();
            p.getOutputStream().close();
            try {
                // small outputs: read both to the end, then wait
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IOException(String.join(" ", argv) + " did not finish within 60 s");
                }
                return new Result(p.exitValue(), out, err);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException(String.join(" ", argv) + " was interrupted");
            }
        };
    }
}

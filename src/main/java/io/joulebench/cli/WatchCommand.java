package io.joulebench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.run.EventLog;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench watch DIR}: follows a run from its results folder's events file, printing the progress lines
 * {@code run} prints (a cluster run's job lines too). Exit 0 when the run ends, 130 on Ctrl-C, which stops watching,
 * not the run.
 */
@Command(name = "watch", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Follow a run (local or cluster) from its results folder.")
public final class WatchCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(index = "0", paramLabel = "DIR", description = "The run's results folder.")
    Path dir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(dir.resolve(Manifest.FILE_NAME))) {
            throw new UserInputException(dir + " is not a results folder: it has no " + Manifest.FILE_NAME);
        }
        PrintWriter err = spec.commandLine().getErr();
        AtomicBoolean stop = new AtomicBoolean();
        Thread main = Thread.currentThread();
        sun.misc.SignalHandler previous = null;
        try {
            previous = sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> {
                stop.set(true);
                main.interrupt();
            });
        } catch (IllegalArgumentException e) {
            // no SIGINT here (an embedded JVM): only the end of the run stops watching
        }
        ProgressPrinter printer = new ProgressPrinter(err, System.console() != null, 0);
        Path events = dir.resolve(EventLog.FILE_NAME);
        long offset = 0;
        StringBuilder partial = new StringBuilder();
        try {
            while (!stop.get()) {
                if (Files.isRegularFile(events)) {
                    try (RandomAccessFile f = new RandomAccessFile(events.toFile(), "r")) {
                        long length = f.length();
                        if (length > offset) {
                            f.seek(offset);
                            byte[] bytes = new byte[(int) Math.min(length - offset, 1 << 20)];
                            f.readFully(bytes);
                            offset += bytes.length;
                            partial.append(new String(bytes, StandardCharsets.UTF_8));
                            int nl;
                            while ((nl = partial.indexOf("\n")) >= 0) {
                                String line = partial.substring(0, nl);
                                partial.delete(0, nl + 1);
                                if (show(line, printer)) {
                                    return ExitCodes.OK;
                                }
                            }
                        }
                    }
                }
                try {
                    Thread.sleep(200); // polling a file another process appends to
                } catch (InterruptedException e) {
                    break;
                }
            }
            return ExitCodes.INTERRUPTED;
        } finally {
            if (previous != null) {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), previous);
            }
        }
    }

    /** Prints the event's line; true when it is the run's last event. */
    private static boolean show(String raw, ProgressPrinter printer) {
        JsonNode n;
        try {
            n = JSON.readTree(raw);
        } catch (IOException e) {
            return false; // a torn last line of a killed run
        }
        String event = n.path("event").asText();
        if (n.hasNonNull("line")) {
            printer.print(n.get("line").asText(), event.equals("window_closed"));
        }
        return event.equals(EventLog.STUDY_FINISHED);
    }
}

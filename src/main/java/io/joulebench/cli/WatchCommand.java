package io.joulebench.cli;

import io.joulebench.core.results.Manifest;
import io.joulebench.core.run.FollowedEvents;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench watch DIR}: follows a run from its results folder's events file, printing the progress lines
 * {@code run} (and each {@code resume} of it) printed, a cluster run's job lines too, to the run's real end
 * ({@link FollowedEvents}). Exit 0 when the run finished, 130 when it ended interrupted (as {@code run} does) or on
 * Ctrl-C, which stops watching, not the run.
 */
@Command(name = "watch", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Follow a run (local or cluster) from its results folder.")
public final class WatchCommand implements Callable<Integer> {

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
        FollowedEvents events = FollowedEvents.of(dir);
        try {
            while (!stop.get()) {
                for (RecordedEvent r : events.poll()) {
                    if (r.line() != null) {
                        printer.print(r.line(), r.event() instanceof RunEvent.WindowClosed);
                    }
                }
                var ended = events.ended();
                if (ended.isPresent()) {
                    return ended.get() == RunEvent.Outcome.FINISHED ? ExitCodes.OK : ExitCodes.INTERRUPTED;
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
}

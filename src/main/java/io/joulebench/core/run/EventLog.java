package io.joulebench.core.run;

import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEventCodec;
import io.joulebench.core.event.RunEventText;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.ForwardingListener;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.time.Clock;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run's append-only events file, {@value #FILE_NAME} in its results folder: one {@link RunEvent} per line
 * ({@link RunEventCodec}), with {@code t} (UTC) and, for people, {@code line} (the text {@code run} prints,
 * {@link RunEventText}); power at most once a second ({@code power_w}, the sum over devices). Only one process
 * appends to one file: a run to its folder's, a Slurm job to its own job folder's (the coordinator relays those
 * lines into the run's). {@code joulebench watch DIR} follows it; {@code study_finished} ends each session of a run
 * (a resume appends the next). A write that fails is logged once and the run goes on: the events are a view, the
 * manifest is the record. A follower maps each event's cell key (the manifest's) to the plan's level through the
 * folder's study.
 */
public final class EventLog extends ForwardingListener implements AutoCloseable {

    public static final String FILE_NAME = "events.jsonl";
    public static final String STUDY_FINISHED = RunEvent.STUDY_FINISHED;
    private static final Logger LOG = LoggerFactory.getLogger(EventLog.class);
    /** The field naming a level's cell: {@code ManifestEntry.key}. */
    public static final String CELL = "cell";
    private static final long POWER_EVERY_NANOS = 1_000_000_000L;

    /**
     * A stream, not a FileChannel: a channel written from an interrupted thread closes for good
     * (ClosedByInterruptException), and the run's thread is interrupted by a cancel, so every later event, the
     * {@value #STUDY_FINISHED} that {@code watch} waits for included, was lost.
     */
    private final OutputStream out;
    private final Clock clock;
    private final ProgressLines lines;
    private final Map<Integer, Double> lastPower = new HashMap<>();
    private long lastPowerNanos = Long.MIN_VALUE;
    private boolean failed;
    private final Consumer<RecordedEvent> live;

    /**
     * Appends to {@code dir}/{@value #FILE_NAME} (created when missing).
     *
     * @param clock the run's clock: the ETA's monotonic time and each line's wall time {@code t}
     */
    public EventLog(Path dir, int alreadyCredited, Clock clock) throws IOException {
        this(dir, alreadyCredited, clock, r -> { });
    }

    /**
     * As above, and hands each event, as written, to {@code live} too: a live model fed here sees what a follower
     * of the file replays.
     */
    public EventLog(Path dir, int alreadyCredited, Clock clock, Consumer<RecordedEvent> live) throws IOException {
        this.out = new FileOutputStream(dir.resolve(FILE_NAME).toFile(), true);
        this.clock = clock;
        this.live = live;
        this.lines = new ProgressLines((event, text, overwrite) -> append(event, text), alreadyCredited,
                clock::nanoTime);
    }

    /** An event another part reports (a Slurm job's state, a worker's GPUs), with its rendered line. */
    public void event(RunEvent event) {
        append(event, RunEventText.line(event));
    }

    @Override
    protected void forward(String event, Consumer<StudyRunListener> call) {
        synchronized (this) {
            call.accept(lines);
        }
    }

    @Override
    public synchronized void powerSampled(List<PowerSample> samples) {
        long newest = Long.MIN_VALUE;
        for (PowerSample s : samples) {
            if (s.powerW() != null) {
                lastPower.put(s.device(), s.powerW());
            }
            newest = Math.max(newest, s.tNanos());
        }
        if (lastPower.isEmpty() || newest == Long.MIN_VALUE
                || lastPowerNanos != Long.MIN_VALUE && newest - lastPowerNanos < POWER_EVERY_NANOS) {
            return;
        }
        lastPowerNanos = newest;
        append(new RunEvent.Power(lastPower.values().stream().mapToDouble(Double::doubleValue).sum()), null);
    }

    private synchronized void append(RunEvent event, String text) {
        RecordedEvent r = new RecordedEvent(clock.wallTime(), text, event);
        live.accept(r);
        try {
            out.write((RunEventCodec.write(r) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            if (!failed) {
                LOG.warn("the events file could not be written; the run goes on", e);
                failed = true;
            }
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}

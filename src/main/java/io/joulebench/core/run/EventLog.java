package io.joulebench.core.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * The run's append-only events file, {@value #FILE_NAME} in its results folder: one JSON object per line with
 * {@code t} (UTC), {@code event} and, for progress, {@code line} (the text {@code run} prints, from
 * {@link ProgressLines}); power at most once a second ({@code power_w}, the sum over devices). Only one process
 * appends to one file: a run to its folder's, a Slurm job to its own job folder's (the coordinator relays those
 * lines into the run's). {@code joulebench watch DIR} follows it; {@code study_finished} is the last event of a run.
 * A write that fails is logged once and the run goes on: the events are a view, the manifest is the record.
 */
public final class EventLog extends ForwardingListener implements AutoCloseable {

    public static final String FILE_NAME = "events.jsonl";
    public static final String STUDY_FINISHED = "study_finished";
    private static final Logger LOG = LoggerFactory.getLogger(EventLog.class);
    private static final ObjectMapper JSON = new ObjectMapper();
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

    /**
     * Appends to {@code dir}/{@value #FILE_NAME} (created when missing).
     *
     * @param clock the run's clock: the ETA's monotonic time and each line's wall time {@code t}
     */
    public EventLog(Path dir, int alreadyCredited, Clock clock) throws IOException {
        this.out = new FileOutputStream(dir.resolve(FILE_NAME).toFile(), true);
        this.clock = clock;
        this.lines = new ProgressLines((event, text, overwrite) -> append(event, text, null), alreadyCredited,
                clock::nanoTime);
    }

    /** A line that another part reports (a Slurm job's relayed progress, a job's state). */
    public void line(String event, String text) {
        append(event, text, null);
    }

    private synchronized void append(String event, String text, ObjectNode extra) {
        ObjectNode n = extra == null ? JSON.createObjectNode() : extra;
        n.put("t", clock.wallTime().toString());
        n.put("event", event);
        if (text != null) {
            n.put("line", text);
        }
        try {
            out.write((JSON.writeValueAsString(n) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            if (!failed) {
                LOG.warn("the events file could not be written; the run goes on", e);
                failed = true;
            }
        }
    }

    @Override
    protected void forward(String event, Consumer<StudyRunListener> call) {
        call.accept(lines);
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
        ObjectNode n = JSON.createObjectNode();
        n.put("power_w", lastPower.values().stream().mapToDouble(Double::doubleValue).sum());
        append("power", null, n);
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}

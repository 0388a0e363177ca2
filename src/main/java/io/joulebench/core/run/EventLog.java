package io.joulebench.core.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.session.ForwardingListener;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
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
 * <p>
 * The events a live view draws also carry their figures as fields beside the line (the line does not change, so
 * {@code watch} prints the same): {@code level_started} the level's {@value #CELL} key (the manifest's, config hash
 * and cycle) and {@code windows}; {@code window_closed} its {@value #CELL}, {@code window} (0-based), {@code tokens},
 * {@code span_s} and {@code j_per_token} (provisional); {@code level_result} its {@value #CELL}, {@code valid},
 * {@code interrupted}, {@code reason}, {@code cv}, {@code j_per_token} (the final windows' figures, in window order),
 * {@code ttft_p99_ms} and {@code req_s} (the level's {@link LevelFigures}), and on a trace level {@value #FIDELITY}. A follower maps the cell key to the
 * plan's level through the folder's study. A capacity search adds {@code capacity_probe} and
 * {@code capacity_search_finished} ({@link #capacitySearchUpdated}).
 */
public final class EventLog extends ForwardingListener implements AutoCloseable {

    public static final String FILE_NAME = "events.jsonl";
    public static final String STUDY_FINISHED = "study_finished";
    private static final Logger LOG = LoggerFactory.getLogger(EventLog.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long POWER_EVERY_NANOS = 1_000_000_000L;
    /** The field naming a level's cell: {@link ManifestEntry#key}. */
    public static final String CELL = "cell";
    /** A trace level's {@code level_result} field: its {@link ReplayFidelity} sums, read back by Jackson. */
    public static final String FIDELITY = "fidelity";

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
    private StudyPlan plan;
    private List<ResolvedCell> sessionCells = List.of();
    /** The fields of the event being forwarded, for the line {@link ProgressLines} writes for it. */
    private ObjectNode pending;

    /**
     * Appends to {@code dir}/{@value #FILE_NAME} (created when missing).
     *
     * @param clock the run's clock: the ETA's monotonic time and each line's wall time {@code t}
     */
    public EventLog(Path dir, int alreadyCredited, Clock clock) throws IOException {
        this.out = new FileOutputStream(dir.resolve(FILE_NAME).toFile(), true);
        this.clock = clock;
        this.lines = new ProgressLines((event, text, overwrite) -> append(event, text, take()), alreadyCredited,
                clock::nanoTime);
    }

    /** A line that another part reports (a Slurm job's relayed progress, a job's state). */
    public void line(String event, String text) {
        append(event, text, null);
    }

    /**
     * A line with fields beside it ({@code key, value, …}; null values left out), e.g. a Slurm job's state as
     * {@code io.joulebench.core.executor.slurm.JobEvents} writes it.
     */
    public void event(String event, String text, Object... fields) {
        ObjectNode n = JSON.createObjectNode();
        for (int i = 0; i + 1 < fields.length; i += 2) {
            Object v = fields[i + 1];
            if (v != null) {
                n.set((String) fields[i], JSON.valueToTree(v));
            }
        }
        append(event, text, n);
    }

    /** The {@value #FIDELITY} sums of a {@code level_result} event, read back into the record; null without them. */
    public static ReplayFidelity fidelity(com.fasterxml.jackson.databind.JsonNode levelResult) {
        com.fasterxml.jackson.databind.JsonNode f = levelResult.path(FIDELITY);
        if (!f.isObject()) {
            return null;
        }
        try {
            return JSON.treeToValue(f, ReplayFidelity.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            return null; // a follower shows the level without its fidelity line rather than stop
        }
    }

    private ObjectNode take() {
        ObjectNode n = pending;
        pending = null;
        return n;
    }

    @Override
    public synchronized void studyStarted(StudyPlan studyPlan) {
        plan = studyPlan;
        super.studyStarted(studyPlan);
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        sessionCells = List.copyOf(cells);
        super.sessionStarted(sessionId, cells);
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        pending = cellFields(levelIndex);
        pending.put("windows", spec.windowsPerLevel());
        finite(pending, "rate_req_s", spec.rate()); // a capacity-search level's rate is known only now
        super.levelStarted(levelIndex, spec);
        pending = null;
    }

    @Override
    public synchronized void windowLengthChosen(int levelIndex, io.joulebench.core.warmup.WindowChoice choice) {
        pending = cellFields(levelIndex);
        autoWindow(pending, choice);
        super.windowLengthChosen(levelIndex, choice);
        pending = null;
    }

    /** An auto window length and the warmup data it came from, as fields of an events.jsonl line. */
    private static void autoWindow(ObjectNode n, io.joulebench.core.warmup.WindowChoice c) {
        n.put("window_s", c.seconds());
        n.put("predicted_cv", c.predictedCv());
        n.put("target_cv", c.targetCv());
        n.put("min_s", c.minSeconds());
        n.put("max_s", c.maxSeconds());
        if (c.data() != null) {
            n.put("warmup_requests", c.data().completed());
            n.put("warmup_output_tokens", c.data().outputTokens());
        }
        n.put("reason", c.reason());
    }

    @Override
    public synchronized void windowClosed(WindowRecord record) {
        pending = cellFields(record.levelIndex());
        pending.put("window", record.windowIndex());
        pending.put("tokens", record.tokens());
        pending.put("span_s", (record.spanEndNanos() - record.spanStartNanos()) / 1e9);
        pending.put("j_per_token", record.jPerToken());
        super.windowClosed(record);
        pending = null;
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        pending = JSON.createObjectNode();
        pending.put(CELL, ManifestEntry.key(result.cell().configHash(), result.cell().cycle()));
        pending.put("valid", !result.interrupted() && result.valid());
        pending.put("interrupted", result.interrupted());
        String reason = result.invalidReason() != null ? result.invalidReason()
                : result.outcome() == null ? null : result.outcome().validation().reason();
        pending.put("reason", reason);
        pending.put("cv", result.outcome() == null ? null : result.outcome().validation().cv());
        ArrayNode j = pending.putArray("j_per_token");
        result.windows().stream().filter(w -> !w.provisional())
                .sorted(java.util.Comparator.comparingInt(WindowRecord::windowIndex))
                .forEach(w -> {
                    if (w.jPerToken() == null) {
                        j.addNull();
                    } else {
                        j.add(w.jPerToken());
                    }
                });
        LevelFigures figures = LevelFigures.ofRecords(result.windows());
        finite(pending, "ttft_p99_ms", figures.ttftP99Ms());
        finite(pending, "req_s", figures.requestRateReqS());
        if (result.warmup() != null && result.warmup().windowChoice() != null) {
            autoWindow(pending.putObject("auto_window"), result.warmup().windowChoice());
        }
        ReplayFidelity fidelity = ReplayFidelity.ofWindows(result.windows());
        if (fidelity.asked()) {
            pending.set(FIDELITY, JSON.valueToTree(fidelity));
        }
        super.levelResult(result);
        pending = null;
    }

    /**
     * {@code capacity_probe}: the last probe's {@code rate_req_s}, {@code meets}, {@code error_fraction}, its latency
     * figures by windows.csv column, and {@code bracket_low}/{@code bracket_high} after it (high absent while no probe
     * failed); {@code capacity_search_finished}: {@code outcome}, {@code capacity}, the bracket and {@code probes}.
     */
    @Override
    public synchronized void capacitySearchUpdated(SearchProgress p) {
        pending = JSON.createObjectNode();
        if (p.result() == null) {
            Probe last = p.path().getLast();
            pending.put("rate_req_s", last.rate());
            pending.put("meets", last.meets());
            pending.put("error_fraction", last.errorFraction());
            last.figures().forEach((metric, value) -> finite(pending, metric.column(), value));
        } else {
            pending.put("outcome", p.result().outcome().name().toLowerCase(java.util.Locale.ROOT));
            if (p.result().capacity() != null) {
                pending.put("capacity", p.result().capacity());
            }
            pending.put("probes", p.path().size());
        }
        finite(pending, "bracket_low", p.bracketLow());
        finite(pending, "bracket_high", p.bracketHigh());
        super.capacitySearchUpdated(p);
        pending = null;
    }

    private ObjectNode cellFields(int levelIndex) {
        ObjectNode n = JSON.createObjectNode();
        ResolvedCell cell = plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex);
        if (cell != null) {
            n.put(CELL, ManifestEntry.key(cell.configHash(), cell.cycle()));
        }
        return n;
    }

    private static void finite(ObjectNode n, String key, double v) {
        if (Double.isFinite(v)) {
            n.put(key, v);
        }
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

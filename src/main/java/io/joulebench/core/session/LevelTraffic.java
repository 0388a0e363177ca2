package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.ServerConfig;
import io.joulebench.core.study.SessionsConfig;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.TaskConfig;
import io.joulebench.core.workload.LengthMix;
import io.joulebench.core.study.TraceConfig;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.traffic.SessionSource;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceFormatException;
import io.joulebench.core.traffic.TraceReplaySource;
import io.joulebench.core.traffic.trace.TraceSlice;
import io.joulebench.core.window.TrafficSourceFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The traffic of a cell: open-loop arrivals over the horizon the window manager asks for (the cell's rate, arrival
 * process, burstiness, seed and concurrency cap; request records streamed, never retained), or the cell's trace
 * slice ({@code server.traffic.trace}: any format of {@link io.joulebench.core.traffic.trace.TraceFormat}) replayed
 * up to that horizon, row i at {@code (t_i − t_0) / time_scale} with its recorded output length as max_tokens
 * (prompt lengths and prefixes from the row are issue 30's next step); with {@code task.sessions}, conversations
 * started at the cell's rate in sessions per second ({@link SessionSource}, {@link ConversationScript}). Warmup traffic of a trace cell is open-loop Poisson at the trace's mean rate, so a
 * short trace cannot end the warmup early; that of a length mix sends the mix's lengths from a warmup stream of its
 * seed ({@link LengthMix#warmupRows}).
 *
 * <p>A cell whose {@code server.traffic.seed} is null gets a seed drawn for its level before the session starts
 * ({@link #withDrawnSeeds}), so the seed used is on the cell and recorded with every window (windows.csv
 * {@code seed}, result.json {@code server.seed}); writing it into the study repeats the arrivals exactly.
 */
public final class LevelTraffic {

    private static final Logger LOG = LoggerFactory.getLogger(LevelTraffic.class);
    private static final SplittableRandom ENTROPY = new SplittableRandom();

    private LevelTraffic() {
    }

    /**
     * The cells as this run executes them: each open-loop cell without a seed gets one drawn from entropy, in
     * [0, 2^63) so it is a valid {@code server.traffic.seed}; trace replays and seeded cells are returned as they are.
     */
    public static List<ResolvedCell> withDrawnSeeds(List<ResolvedCell> cells) {
        return cells.stream().map(c -> withDrawnSeed(c, nextSeed())).toList();
    }

    static ResolvedCell withDrawnSeed(ResolvedCell cell, long seed) {
        if (!cell.isServer()) {
            return cell;
        }
        ServerConfig server = cell.experiment().server();
        TrafficConfig t = server.traffic();
        if (t.seed() != null || t.trace() != null) {
            return cell;
        }
        return cell.withExperiment(cell.experiment().withServer(server.withTraffic(t.withSeed(seed))));
    }

    private static synchronized long nextSeed() {
        return ENTROPY.nextLong(0, Long.MAX_VALUE);
    }

    /**
     * The cell's traffic. A trace replay whose prompt lengths come from the trace ({@code lengths: trace}, the
     * default when the file has input lengths) sends prompts of those lengths through {@code tracePrompts}; without
     * it (null), or with {@code lengths: dataset}, it sends the dataset's prompts with the trace's output lengths.
     */
    public static TrafficSourceFactory factory(ResolvedCell cell, ShapeSource shapes, TracePrompts tracePrompts,
                                               Path studyDir, Clock clock, boolean warmup) {
        TrafficConfig t = cell.experiment().server().traffic();
        if (t.trace() != null && !warmup) {
            TraceSlice slice = slice(t.trace(), studyDir);
            LOG.info("trace replay: {} at time_scale {}", slice.summary().describe(), t.trace().timeScale());
            List<TraceEntry> scheduled = slice.scheduled(t.trace().timeScale());
            if (TraceConversations.isSessionTrace(scheduled)) {
                if (cell.experiment().task().api() != io.joulebench.core.traffic.OpenAiEndpoint.CHAT) {
                    throw new IllegalArgumentException("trace " + t.trace().file() + " is a session trace: its"
                            + " conversations resend their history as chat messages, so set task.api: chat");
                }
                // a session trace: its conversations, each later turn after the previous reply (chat API only)
                boolean turnLengths = scheduled.stream().allMatch(e -> e.inputTokens() != null);
                if (tracePrompts != null && t.trace().lengthsFor(turnLengths) == TraceConfig.Lengths.TRACE) {
                    LOG.info("session trace: each turn's new message of the trace's input length, counted by the {}",
                            tracePrompts.tokenizerLabel());
                    TracePrompts.Prepared prepared = tracePrompts.prepare(scheduled, t.trace().blockSize());
                    return (listener, horizon) -> prepared.anyOrder(byRow -> {
                        TraceConversations conversations = TraceConversations.of(
                                scheduled.stream().filter(e -> e.offsetSeconds() <= horizon).toList(), shapes)
                                .withLengths(byRow);
                        return SessionSource.builder().starts(conversations.starts()).script(conversations)
                                .lastReadySeconds(Math.max(1.0, horizon)).clock(clock)
                                .concurrencyCap(t.concurrencyCap()).listener(listener).retainRecords(false).build();
                    });
                }
                return (listener, horizon) -> {
                    TraceConversations conversations = TraceConversations.of(
                            scheduled.stream().filter(e -> e.offsetSeconds() <= horizon).toList(), shapes);
                    return SessionSource.builder().starts(conversations.starts()).script(conversations)
                            .lastReadySeconds(Math.max(1.0, horizon)).clock(clock).concurrencyCap(t.concurrencyCap())
                            .listener(listener).retainRecords(false).build();
                };
            }
            boolean hasLengths = scheduled.stream().allMatch(e -> e.inputTokens() != null);
            if (tracePrompts != null && t.trace().lengthsFor(hasLengths) == TraceConfig.Lengths.TRACE) {
                LOG.info("trace replay: prompts of the trace's input lengths, counted by the {}",
                        tracePrompts.tokenizerLabel());
                // the prompts are built from now (the level's plan, before its warmup): ready at their instants
                TracePrompts.Prepared prepared = tracePrompts.prepare(scheduled, t.trace().blockSize());
                return (listener, horizon) -> prepared.source(
                        scheduled.stream().filter(e -> e.offsetSeconds() <= horizon).toList(),
                        TraceReplaySource.builder().clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener)
                                .retainRecords(false));
            }
            return (listener, horizon) -> TraceReplaySource.builder()
                    .trace(scheduled.stream().filter(e -> e.offsetSeconds() <= horizon).toList())
                    .traceShapes(TraceReplaySource.withRecordedOutputLength(shapes))
                    .clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener).retainRecords(false).build();
        }
        double rate = rate(cell, studyDir);
        double burstiness = t.burstiness() != null ? t.burstiness() : ScheduleSpec.DEFAULT_BURSTINESS;
        SessionsConfig sessions = resolved(cell.experiment().task().sessions(), studyDir);
        TaskConfig task = cell.experiment().task();
        if (sessions != null && task.synthesizesLengths() && tracePrompts != null) {
            // each turn's message and answer of the mix's drawn lengths, row i for the i-th turn sent
            LengthMix mix = lengthMix(task, studyDir);
            java.util.function.Supplier<TracePrompts.Prepared> prepare = warmup
                    ? () -> tracePrompts.prepareWarmup(mix.warmupRows(task.randomSeed())) : null;
            TracePrompts.Prepared measured = warmup ? null : tracePrompts.prepare(mix.rows(task.randomSeed()));
            return (listener, horizon) -> (warmup ? prepare.get() : measured).anyOrder(byRow -> {
                java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
                return SessionSource.builder()
                        .schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(rate, t.arrival(), burstiness,
                                t.seed(), Math.max(1.0, horizon))))
                        .script(new ConversationScript(sessions, shapes, t.seed() == null ? 0L : t.seed())
                                .withDrawnMessages(() -> byRow.apply(next.getAndIncrement())))
                        .lastReadySeconds(Math.max(1.0, horizon))
                        .clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener).retainRecords(false)
                        .build();
            });
        }
        if (sessions != null) {
            // the rate is sessions per second; turns past the horizon are not sent, so the level ends near it
            return (listener, horizon) -> SessionSource.builder()
                    .schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(rate, t.arrival(), burstiness, t.seed(),
                            Math.max(1.0, horizon))))
                    .script(new ConversationScript(sessions, shapes, t.seed() == null ? 0L : t.seed()))
                    .lastReadySeconds(Math.max(1.0, horizon))
                    .clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener).retainRecords(false).build();
        }
        if (task.synthesizesLengths() && tracePrompts != null && warmup && t.trace() == null) {
            // the warmup sends the level's own mix (another stream of the seed), built when the warmup starts
            LengthMix mix = lengthMix(task, studyDir);
            return (listener, horizon) -> tracePrompts.prepareWarmup(mix.warmupRows(task.randomSeed()))
                    .openLoop(OpenLoopSource.builder().schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(rate,
                                    t.arrival(), burstiness, t.seed(), Math.max(1.0, horizon))))
                            .clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener)
                            .retainRecords(false));
        }
        if (task.synthesizesLengths() && tracePrompts != null && !warmup && t.trace() == null) {
            LengthMix mix = lengthMix(task, studyDir);
            LOG.info("length mix: prompts of drawn lengths, counted by the {}", tracePrompts.tokenizerLabel());
            // built from the level's plan on, like a trace's prompts, so the first ones are ready at their instants
            TracePrompts.Prepared prepared = tracePrompts.prepare(mix.rows(task.randomSeed()));
            return (listener, horizon) -> prepared.openLoop(OpenLoopSource.builder()
                    .schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(rate, t.arrival(), burstiness, t.seed(),
                            Math.max(1.0, horizon))))
                    .clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener).retainRecords(false));
        }
        return (listener, horizon) -> OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(rate, warmup && t.trace() != null
                        ? io.joulebench.core.traffic.ArrivalProcess.POISSON : t.arrival(), burstiness, t.seed(),
                        Math.max(1.0, horizon))))
                .shapes(shapes).clock(clock).concurrencyCap(t.concurrencyCap()).listener(listener)
                .retainRecords(false).build();
    }

    /** The cell's synthetic lengths, an empirical distribution's file read (relative to the study's folder). */
    static LengthMix lengthMix(TaskConfig task, Path studyDir) {
        try {
            return task.lengthMix().resolve(studyDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read an empirical length file: " + e.getMessage(), e);
        } catch (TraceFormatException e) {
            throw new IllegalArgumentException("empirical lengths: " + e.getMessage(), e);
        }
    }

    private static SessionsConfig resolved(SessionsConfig sessions, Path studyDir) {
        try {
            return sessions == null ? null : sessions.resolve(studyDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read task.sessions' file: " + e.getMessage(), e);
        } catch (TraceFormatException e) {
            throw new IllegalArgumentException("task.sessions: " + e.getMessage(), e);
        }
    }

    /** The cell's rate; for a trace without one, its slice's mean rate under its time scale (rows over span). */
    public static double rate(ResolvedCell cell, Path studyDir) {
        TrafficConfig t = cell.experiment().server().traffic();
        if (t.rate() != null) {
            return t.rate();
        }
        TraceSlice slice = slice(t.trace(), studyDir);
        double span = slice.scheduledSeconds(slice.rows().size() - 1, t.trace().timeScale());
        return span > 0 ? slice.rows().size() / span : slice.rows().size();
    }

    /** The configured slice of the cell's trace (its summary says what was skipped and why). */
    public static TraceSlice slice(TraceConfig trace, Path studyDir) {
        Path file = Study.resolve(studyDir, trace.file());
        try {
            return TraceSlice.read(file, trace.format(), trace.startSeconds(), trace.durationSeconds());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + file + ": " + e.getMessage(), e);
        } catch (TraceFormatException e) {
            throw new IllegalArgumentException("trace " + e.getMessage(), e);
        }
    }
}

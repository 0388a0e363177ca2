package io.joulebench.core.event;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.window.ReplayFidelity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run reports, as data: one record per kind of line in a run's {@code events.jsonl} (its {@code event} field
 * names the kind). {@link RunEventCodec} writes and reads them, {@link RunEventText} renders the line people read;
 * the program decides from these fields only, never from that line. A field an older file lacks reads as null.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "event", defaultImpl = RunEvent.Other.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = RunEvent.StudyStarted.class, name = "study_started"),
        @JsonSubTypes.Type(value = RunEvent.SessionStarted.class, name = "session_started"),
        @JsonSubTypes.Type(value = RunEvent.ServerReady.class, name = "server_ready"),
        @JsonSubTypes.Type(value = RunEvent.WarmupStarted.class, name = "warmup_started"),
        @JsonSubTypes.Type(value = RunEvent.WindowLengthChosen.class, name = "window_length_chosen"),
        @JsonSubTypes.Type(value = RunEvent.WarmupFinished.class, name = "warmup_finished"),
        @JsonSubTypes.Type(value = RunEvent.LevelStarted.class, name = "level_started"),
        @JsonSubTypes.Type(value = RunEvent.WindowClosed.class, name = "window_closed"),
        @JsonSubTypes.Type(value = RunEvent.LevelFinished.class, name = "level_result"),
        @JsonSubTypes.Type(value = RunEvent.LevelFidelity.class, name = "level_fidelity"),
        @JsonSubTypes.Type(value = RunEvent.LevelSessions.class, name = "level_sessions"),
        @JsonSubTypes.Type(value = RunEvent.CapacityProbe.class, name = "capacity_probe"),
        @JsonSubTypes.Type(value = RunEvent.CapacitySearchFinished.class, name = "capacity_search_finished"),
        @JsonSubTypes.Type(value = RunEvent.SessionFinished.class, name = "session_finished"),
        @JsonSubTypes.Type(value = RunEvent.StudyFinished.class, name = RunEvent.STUDY_FINISHED),
        @JsonSubTypes.Type(value = RunEvent.Power.class, name = "power"),
        @JsonSubTypes.Type(value = RunEvent.GpuAllocation.class, name = "gpu_allocation"),
        @JsonSubTypes.Type(value = RunEvent.Job.class, names = {
                RunEvent.Job.SUBMITTED, RunEvent.Job.STATE, RunEvent.Job.PROGRESS, RunEvent.Job.MERGED}),
})
public sealed interface RunEvent {

    /** The event name of a session's last event. */
    String STUDY_FINISHED = "study_finished";

    /**
     * Where a level's line stands: level {@code level} of {@code levels} (1-based, as printed), its rate (null before
     * the first level starts) and the ETA in whole seconds. {@code sessions}: true where the rate is sessions per
     * second (a {@code task.sessions} level); null or false: requests per second (events written before it).
     */
    record At(int level, int levels, Double rate, long etaS, Boolean sessions) {

        public At(int level, int levels, Double rate, long etaS) {
            this(level, levels, rate, etaS, null);
        }

        /** The rate's unit as a line says it. */
        public String rateUnit() {
            return Boolean.TRUE.equals(sessions) ? "sessions/s" : "req/s";
        }
    }

    /** A level's cell: {@code ManifestEntry.key} (config hash and cycle), null where the plan does not name it. */
    interface OfCell {
        String cell();
    }

    record StudyStarted(String study, int levels, int windows, int launches, double estimateS, int alreadyCredited)
            implements RunEvent {
    }

    record SessionStarted(String session, String engine, String runner, int levels) implements RunEvent {
    }

    record ServerReady(String session, String url) implements RunEvent {
    }

    record WarmupStarted(At at, String cell, WarmupMode mode) implements RunEvent, OfCell {
    }

    /** An auto level's window length and the warmup data it came from. */
    record AutoWindow(double windowS, Double predictedCv, double targetCv, double minS, double maxS,
                      Long warmupRequests, Long warmupOutputTokens, String reason) {
    }

    record WindowLengthChosen(At at, String cell, Double windowS, Double predictedCv, Double targetCv, Double minS,
                              Double maxS, Long warmupRequests, Long warmupOutputTokens, String reason)
            implements RunEvent, OfCell {
    }

    record WarmupFinished(At at, String cell, WarmupMode mode, boolean converged, boolean timedOut, double elapsedS)
            implements RunEvent, OfCell {
    }

    /** {@code windowS}: each window's length; {@code rateReqS}: the level's rate, known late for a capacity probe. */
    record LevelStarted(At at, String cell, Integer windows, Double windowS, Double rateReqS)
            implements RunEvent, OfCell {
    }

    /**
     * A window's figures at its close; {@code provisional} ones may change when the level closes. A session level's
     * window also gives the sessions started and completed in it (windows.csv's columns), null for other levels.
     */
    record WindowClosed(At at, String cell, int window, int windows, long tokens, double spanS, Double jPerToken,
                        Boolean provisional, Long sessionsStarted, Long sessionsCompleted)
            implements RunEvent, OfCell {

        /** A window of a level without sessions. */
        public WindowClosed(At at, String cell, int window, int windows, long tokens, double spanS, Double jPerToken,
                            Boolean provisional) {
            this(at, cell, window, windows, tokens, spanS, jPerToken, provisional, null, null);
        }
    }

    /**
     * A level's verdict ({@code level_result}): valid only when not interrupted; {@code reason} why not;
     * {@code jPerToken} and {@code tokens} the final windows' figures in window order; {@code windowCount} every
     * window the level closed; {@code fidelity} a trace level's delivered-vs-asked sums (null otherwise).
     */
    record LevelFinished(At at, String cell, boolean valid, boolean interrupted, String reason, Double cv,
                         List<Double> jPerToken, List<Long> tokens, Integer windowCount, Double ttftP99Ms,
                         Double reqS, AutoWindow autoWindow, ReplayFidelity fidelity) implements RunEvent, OfCell {

        /** A level that replayed no trace (no {@code fidelity}). */
        public LevelFinished(At at, String cell, boolean valid, boolean interrupted, String reason, Double cv,
                             List<Double> jPerToken, List<Long> tokens, Integer windowCount, Double ttftP99Ms,
                             Double reqS, AutoWindow autoWindow) {
            this(at, cell, valid, interrupted, reason, cv, jPerToken, tokens, windowCount, ttftP99Ms, reqS,
                    autoWindow, null);
        }
    }

    /** A trace level's fidelity ({@code level_fidelity}), said on its own line after its {@code level_result}. */
    record LevelFidelity(At at, String cell, ReplayFidelity fidelity) implements RunEvent, OfCell {
    }

    /**
     * A session level's conversations ({@code level_sessions}, issue 32), said after its {@code level_result}: its
     * rate in sessions per second, the sessions started and completed in its final windows, and the requests per
     * second that resulted (the mean of the windows' {@code request_throughput_req_s}; null when none).
     */
    record LevelSessions(At at, String cell, Double sessionsPerS, long started, long completed, Double reqS)
            implements RunEvent, OfCell {
    }

    /** A capacity search's probe; {@code figures} by windows.csv column, written beside the other fields. */
    record CapacityProbe(int probe, double rateReqS, boolean meets, double errorFraction, List<String> violations,
                         double bracketLow, Double bracketHigh,
                         @JsonAnySetter @JsonAnyGetter Map<String, Double> figures) implements RunEvent {
        public CapacityProbe {
            figures = figures == null ? new LinkedHashMap<>() : new LinkedHashMap<>(figures);
        }
    }

    /** {@code bracketHigh} null: no probe broke the SLO (an open bracket). */
    record CapacitySearchFinished(CapacitySearch.Outcome outcome, Double capacity, int probes, double bracketLow,
                                  Double bracketHigh) implements RunEvent {
    }

    record SessionFinished(String session, int windows) implements RunEvent {
    }

    /** How a run ended. */
    enum Outcome { FINISHED, INTERRUPTED }

    /** A run's (or one session's) last event; {@code outcome} null in files written before it was recorded. */
    record StudyFinished(Outcome outcome, Double elapsedS) implements RunEvent {
    }

    /** Power summed over devices, at most once a second. */
    record Power(double powerW) implements RunEvent {
    }

    /**
     * A batch job's change as its coordinator saw it ({@code core.executor.slurm.JobEvents} makes them);
     * {@code kind} is the event name; {@code active}: the scheduler has not ended it; {@code reason} of a merged job
     * that did not complete: the scheduler's sentence; {@code text}: a relayed progress line. Null fields are not
     * said by this event.
     */
    record Job(String kind, String jobId, Integer group, String jobName, Boolean reattached, String state,
               Boolean active, String node, String reason, Integer credited, Integer cells, String text)
            implements RunEvent {
        public static final String SUBMITTED = "job_submitted";
        public static final String STATE = "job_state";
        public static final String PROGRESS = "job_progress";
        public static final String MERGED = "job_merged";
    }

    /** A cluster job's worker says which GPUs it measures ({@code scope}, a sentence). */
    record GpuAllocation(int group, String scope) implements RunEvent {
    }

    /** An event this version does not know (written by a newer one): replayed as nothing, its line still shown. */
    record Other() implements RunEvent {
    }
}

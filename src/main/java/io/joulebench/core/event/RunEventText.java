package io.joulebench.core.event;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.study.DisplayNumber;
import io.joulebench.core.study.StudyPlanFormatter;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The one renderer of a run's progress text: the line {@code run} prints for each {@link RunEvent}, which the
 * events file keeps in {@code line} and {@code watch} prints back. Null for events without a line (power).
 */
public final class RunEventText {

    /** Why a window line's figures may still change, in its own words. */
    public static final String PROVISIONAL = "provisional until the level closes";

    private RunEventText() {
    }

    public static String line(RunEvent event) {
        return switch (event) {
            case RunEvent.StudyStarted e -> String.format(Locale.ROOT,
                    "study %s: %d level%s, %d windows, %d launch%s, estimated %s%s", e.study(), e.levels(),
                    e.levels() == 1 ? "" : "s", e.windows(), e.launches(), e.launches() == 1 ? "" : "es",
                    StudyPlanFormatter.duration(e.estimateS()),
                    e.alreadyCredited() > 0 ? " (" + e.alreadyCredited() + " already credited)" : "");
            case RunEvent.SessionStarted e -> "session " + e.session() + ": launching " + e.engine() + " ("
                    + e.runner() + ") for " + e.levels() + " level" + (e.levels() == 1 ? "" : "s");
            case RunEvent.ServerReady e -> "session " + e.session() + ": ready at " + e.url();
            case RunEvent.WarmupStarted e -> prefix(e.at()) + "warmup (" + (e.mode() == null ? "?" : e.mode().label()) + ")";
            case RunEvent.WindowLengthChosen e -> prefix(e.at()) + String.format(Locale.ROOT,
                    "window length %s s from the warmup (%d requests, %d output tokens; %s)",
                    PrecisionPlan.rateKey(e.windowS()), orZero(e.warmupRequests()), orZero(e.warmupOutputTokens()),
                    e.reason());
            case RunEvent.WarmupFinished e -> prefix(e.at()) + String.format(Locale.ROOT, "warmup %s after %.1fs%s",
                    e.converged() ? "converged" : "not converged", e.elapsedS(), e.timedOut() ? " (timed out)" : "");
            case RunEvent.LevelStarted e -> prefix(e.at()) + "started, " + e.windows() + " windows of "
                    + number(e.windowS()) + " s";
            case RunEvent.WindowClosed e -> prefix(e.at()) + String.format(Locale.ROOT,
                    "window %d/%d: %d tokens, %s J/token%s", DisplayNumber.of(e.window()), e.windows(), e.tokens(),
                    jPerToken(e.jPerToken()),
                    Boolean.TRUE.equals(e.provisional()) ? " so far (" + PROVISIONAL + ")" : "");
            case RunEvent.LevelFinished e -> prefix(e.at()) + levelVerdict(e);
            case RunEvent.LevelSessions e -> prefix(e.at()) + "sessions: " + (e.sessionsPerS() == null ? ""
                    : number(e.sessionsPerS()) + " sessions/s, ") + e.started() + " started and " + e.completed()
                    + " completed in the windows; " + (e.reqS() == null ? "no request completed"
                    : "resulting in " + number(e.reqS()) + " req/s");
            case RunEvent.LevelFidelity e -> prefix(e.at()) + (e.fidelity() == null ? "fidelity: not recorded"
                    : e.fidelity().summary());
            case RunEvent.CapacityProbe e -> "capacity search: " + CapacitySearch.probeLine(e.probe(), probe(e))
                    + String.format(Locale.ROOT, "; bracket %s–%s req/s", number(e.bracketLow()),
                    e.bracketHigh() == null ? "∞" : number(e.bracketHigh()));
            case RunEvent.CapacitySearchFinished e -> "capacity search: " + new CapacitySearch.Result(List.of(),
                    e.outcome(), e.capacity(), e.bracketLow(),
                    e.bracketHigh() == null ? Double.POSITIVE_INFINITY : e.bracketHigh()).lines().getLast()
                    + " after " + e.probes() + " probe" + (e.probes() == 1 ? "" : "s");
            case RunEvent.SessionFinished e -> "session " + e.session() + ": closed after " + e.windows()
                    + " windows";
            case RunEvent.StudyFinished e -> e.outcome() == RunEvent.Outcome.INTERRUPTED
                    ? "interrupted: what closed is credited; continue with 'joulebench resume'"
                    : "study finished in " + StudyPlanFormatter.duration(e.elapsedS() == null ? 0 : e.elapsedS());
            case RunEvent.Job e -> job(e);
            case RunEvent.GpuAllocation e -> "worker for session group " + e.group() + ": " + e.scope();
            case RunEvent.Power e -> null;
            case RunEvent.Other e -> null;
        };
    }

    /** {@code job 812 (name): submitted …}, {@code job 812: RUNNING on gpu07}, {@code job 812: done, 3/3 …}. */
    private static String job(RunEvent.Job e) {
        String head = "job " + e.jobId();
        return switch (e.kind()) {
            case RunEvent.Job.SUBMITTED -> head + " (" + e.jobName() + "): " + (Boolean.TRUE.equals(e.reattached())
                    ? "reattached, still queued or running" : "submitted for session group " + e.group());
            case RunEvent.Job.STATE -> head + ": " + e.state() + (e.node() != null && !e.node().isBlank()
                    && Boolean.TRUE.equals(e.active()) && !"PENDING".equals(e.state()) ? " on " + e.node() : "");
            case RunEvent.Job.MERGED -> head + ": " + (e.reason() == null ? "done" : e.reason()) + ", "
                    + e.credited() + "/" + e.cells() + " level" + (e.cells() != null && e.cells() == 1 ? "" : "s")
                    + " credited";
            default -> head + ": " + e.text();
        };
    }

    /** The probe an event says, for {@link CapacitySearch#probeLine}. */
    public static Probe probe(RunEvent.CapacityProbe e) {
        Map<LevelMetric, Double> figures = new EnumMap<>(LevelMetric.class);
        for (LevelMetric m : LevelMetric.latencies()) {
            Double v = e.figures().get(m.column());
            if (v != null) {
                figures.put(m, v);
            }
        }
        return new Probe(e.rateReqS(), figures, e.errorFraction(),
                e.violations() == null ? List.of() : e.violations());
    }

    private static String levelVerdict(RunEvent.LevelFinished e) {
        String verdict = e.interrupted() ? "interrupted" : e.valid() ? "valid"
                : "invalid: " + (e.reason() != null ? e.reason() : "no outcome");
        // a reason is a sentence that may end in its own full stop; the window count follows it after a comma
        String said = verdict.endsWith(".") ? verdict.substring(0, verdict.length() - 1) : verdict;
        int n = e.windowCount() == null ? 0 : e.windowCount();
        return said + ", " + n + " window" + (n == 1 ? "" : "s") + finalFigures(e);
    }

    /** The level's final windows as windows.csv has them: "; final 0.1063, 0.1078 J/token (14609, 14212 tokens)". */
    private static String finalFigures(RunEvent.LevelFinished e) {
        if (e.jPerToken() == null || e.jPerToken().isEmpty()) {
            return "";
        }
        return "; final " + e.jPerToken().stream().map(RunEventText::jPerToken).collect(Collectors.joining(", "))
                + " J/token (" + e.tokens().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " tokens)";
    }

    private static String prefix(RunEvent.At at) {
        return String.format(Locale.ROOT, "level %d/%d at %s, ETA %s: ", at.level(), at.levels(),
                at.rate() == null ? "" : number(at.rate()) + " " + at.rateUnit(), StudyPlanFormatter.duration(at.etaS()));
    }

    private static String jPerToken(Double j) {
        return j == null ? "-" : String.format(Locale.ROOT, "%.4g", j);
    }

    private static long orZero(Long n) {
        return n == null ? 0 : n;
    }

    public static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.3g", d);
    }
}

package io.joulebench.core.window;

import io.joulebench.core.stats.Stats;
import io.joulebench.core.traffic.IssuerReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The validity rule of a replayed trace (docs/decisions/0019). A replay's figure is Σenergy / Σtokens over the
 * replayed span; its windows are the time-resolved view, and their J/token varies as the trace's load does, so the
 * stability gate does not apply. The replay is valid when it reproduced the trace's traffic:
 * <ul>
 *   <li>the span delivered output tokens (Σ over the windows &gt; 0: a trace slice with idle windows is fine, an
 *       all-idle span has no figure);</li>
 *   <li>issuance kept the schedule: the issuer's p99 dispatch lateness is at most {@value #MAX_P99_LATENESS_MS} ms, and
 *       at most {@value #MAX_CAP_BOUND_FRACTION} of requests waited for a concurrency cap (capped arrivals are not the
 *       trace's arrivals);</li>
 *   <li>lengths were delivered as asked ({@link #lengthReason}): where requests asked the trace's lengths, at least
 *       {@value #MIN_DELIVERED_SHARE} of the completed ones got exactly their output length, and at least as many of
 *       those whose server reported prompt tokens got a prompt within max(2 tokens, 2 %) of their input length
 *       ({@link ReplayFidelity#inputTolerance});</li>
 *   <li>request failures stay within {@code server.max_error_fraction} ({@link LevelValidation#withRequestFailures}).</li>
 * </ul>
 * The worst window-to-window CV is still computed and recorded, for information: it describes the trace, not the
 * measurement.
 */
public final class ReplayGate {

    /** The largest p99 lateness of a request's dispatch behind its scheduled instant, in milliseconds. */
    public static final double MAX_P99_LATENESS_MS = 250.0;
    /** The largest share of requests that may have waited for a concurrency cap. */
    public static final double MAX_CAP_BOUND_FRACTION = 0.01;
    /** The smallest share of completed requests that must get the length they asked, for input and for output. */
    public static final double MIN_DELIVERED_SHARE = 0.99;

    private ReplayGate() {
    }

    /**
     * The replay's verdict.
     *
     * @param windows          the level's final window records
     * @param issuer           the issuer's summary, or null when none was kept (then the schedule is not judged)
     * @param cvThreshold      recorded with the verdict as the stability gate's is; not applied
     * @param maxErrorFraction the request-failure bound
     */
    public static LevelValidation validate(List<WindowRecord> windows, IssuerSummary issuer, double cvThreshold,
                                           double maxErrorFraction) {
        List<String> reasons = new ArrayList<>();
        long tokens = windows.stream().mapToLong(WindowRecord::tokens).sum();
        if (tokens <= 0) {
            reasons.add("the replayed span delivered no output tokens, so it has no J/token");
        }
        if (issuer != null) {
            scheduleReason(issuer.dispatchLateness(), issuer.concurrencyCap() == null ? 0 : issuer.capBoundFraction())
                    .ifPresent(reasons::add);
        }
        lengthReason(ReplayFidelity.ofWindows(windows)).ifPresent(reasons::add);
        Double cv = worstCv(windows);
        LevelValidation verdict = reasons.isEmpty()
                ? new LevelValidation(true, null, cv, windows.size(), cvThreshold)
                : new LevelValidation(false, "replay not faithful: " + String.join("; ", reasons) + ".", cv,
                windows.size(), cvThreshold);
        return verdict.withRequestFailures(windows, maxErrorFraction);
    }

    static java.util.Optional<String> scheduleReason(IssuerReport.LatencySummary lateness, double capBoundFraction) {
        List<String> parts = new ArrayList<>();
        if (lateness != null && lateness.p99Nanos() != null && lateness.p99Nanos() / 1e6 > MAX_P99_LATENESS_MS) {
            parts.add(String.format(Locale.ROOT, "requests left off schedule (p99 dispatch lateness %.1f ms > %.0f ms)",
                    lateness.p99Nanos() / 1e6, MAX_P99_LATENESS_MS));
        }
        if (capBoundFraction > MAX_CAP_BOUND_FRACTION) {
            parts.add(String.format(Locale.ROOT, "%.1f %% of requests waited for the concurrency cap (> %.0f %%), so "
                    + "arrivals were not the trace's", 100 * capBoundFraction, 100 * MAX_CAP_BOUND_FRACTION));
        }
        return parts.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join("; ", parts));
    }

    /** Why the replay's lengths were not the trace's, if they were not; nothing when no request asked a length. */
    static java.util.Optional<String> lengthReason(ReplayFidelity f) {
        List<String> parts = new ArrayList<>();
        Double output = f.outputExactShare();
        if (output != null && output < MIN_DELIVERED_SHARE) {
            parts.add(String.format(Locale.ROOT, "output lengths not delivered as asked (%.1f %% of %d completed "
                    + "requests got exactly the trace's output length, < %.0f %%)", 100 * output, f.outputJudged(),
                    100 * MIN_DELIVERED_SHARE));
        }
        Double input = f.inputWithinShare();
        if (input != null && input < MIN_DELIVERED_SHARE) {
            parts.add(String.format(Locale.ROOT, "prompt lengths not delivered as asked (%.1f %% of %d completed "
                    + "requests had server prompt tokens within max(2 tokens, 2 %%) of the trace's input length, "
                    + "< %.0f %%)", 100 * input, f.inputJudged(), 100 * MIN_DELIVERED_SHARE));
        }
        return parts.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join("; ", parts));
    }

    /** The worst CV over runs of 3 windows that all have a J/token, or null when there is no such run. */
    private static Double worstCv(List<WindowRecord> windows) {
        Double worst = null;
        for (int s = 0; s + StabilityGate.CONSECUTIVE <= windows.size(); s++) {
            Double a = windows.get(s).jPerToken();
            Double b = windows.get(s + 1).jPerToken();
            Double c = windows.get(s + 2).jPerToken();
            if (a != null && b != null && c != null) {
                double cv = Stats.populationCv(a, b, c);
                worst = worst == null ? cv : Math.max(worst, cv);
            }
        }
        return worst;
    }
}

package io.joulebench.core.window;

import io.joulebench.core.attribution.AttributionLedger;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.TrafficRun;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One execution of {@link WindowManager#runLevel} after the warmup: traffic, ramp, windows, drain. */
final class LevelRun {

    private static final Logger LOG = LoggerFactory.getLogger(LevelRun.class);

    private final Clock clock;
    private final int levelIndex;
    private final LevelPlan plan;
    private final WindowSpec spec;
    private final Events events;
    private final TokenCountCheck tokenCounts = new TokenCountCheck();
    private final List<BracketResult> closed = new ArrayList<>();
    private RequestLogSink log;
    private LevelAggregator aggregator;
    private TrafficRun traffic;
    /** The next window's bracket, minted during the current one; open when the current one handed its edge over. */
    private MeasurementBracket carried;
    private boolean carriedOpen;
    /** The client's own load, per window (issue 34). */
    private ClientMonitor client;

    LevelRun(Clock clock, int levelIndex, LevelPlan plan, Events events) {
        this.clock = clock;
        this.levelIndex = levelIndex;
        this.plan = plan;
        this.spec = plan.spec();
        this.events = events;
    }

    LevelOutcome run() throws InterruptedException, AbortedLevelException {
        log = plan.requestLog().open(levelIndex, spec.windowsPerLevel());
        aggregator = new LevelAggregator(levelIndex, spec, clock, log, plan.slo());
        client = ClientMonitor.start("joulebench-client-probe-L" + levelIndex);
        try {
            return runTraffic();
        } finally {
            client.close();
        }
    }

    private LevelOutcome runTraffic() throws InterruptedException, AbortedLevelException {
        try {
            traffic = TrafficRun.start(plan.traffic().create(aggregator, spec.horizonSeconds()), plan.transport(),
                    plan.drainTimeout(), "joulebench-traffic-L" + levelIndex);
            clock.sleepUntil(clock.nanoTime() + spec.rampNanos());
        } catch (InterruptedException | RuntimeException | Error e) {
            release();
            throw e;
        }
        try {
            long s0 = aggregator.startWindows();
            events.rampFinished(levelIndex, s0);
            for (int w = 0; w < spec.windowsPerLevel(); w++) {
                runWindow(w);
            }
            return drain();
        } catch (Error e) {
            release();
            throw e;
        }
    }

    /**
     * Window {@code w}: its bracket is the one the previous window handed its closing edge to (already open), or a
     * fresh one opened here. At the span end the bracket finishes into the next window's, so consecutive windows
     * share their edges: no energy falls between two windows however long an edge waits for its counter to tick
     * (docs/decisions/0002).
     */
    private void runWindow(int w) throws AbortedLevelException {
        ClientMonitor.Mark clientMark = null;
        MeasurementBracket bracket = carried;
        MeasurementBracket following = null;
        carried = null;
        try {
            if (bracket == null || !carriedOpen) {
                bracket = bracket != null ? bracket : plan.brackets().get();
                bracket.open();
            }
            events.windowOpened(levelIndex, w, aggregator.spanStart(w));
            clientMark = client.mark();
            following = w + 1 < spec.windowsPerLevel() ? mintQuietly() : null;
            clock.sleepUntil(aggregator.spanStart(w + 1));
            throwIfAggregationFailed();
        } catch (InterruptedException | RuntimeException e) {
            closeQuietly(bracket);
            throw abort("aborted: ", w, e);
        }
        MeasurementBracket.Handover handover;
        try {
            handover = following == null ? new MeasurementBracket.Handover(bracket.finish(), false)
                    : bracket.finishInto(following);
        } catch (RuntimeException e) {
            closeQuietly(following);
            throw abort("close failed: ", w, e);
        }
        carried = following;
        carriedOpen = handover.nextOpened();
        closed.add(handover.result());
        aggregator.client(w, client.since(clientMark));
        WindowRecord record = aggregator.record(w, handover.result(), null, true);
        tokenCounts.check(record);
        events.windowClosed(record);
    }

    /**
     * The next window's bracket, or null when minting fails: then this window finishes alone and the next one mints
     * (and fails) at its own start, so the failure aborts that window, not this one.
     */
    private MeasurementBracket mintQuietly() {
        try {
            return plan.brackets().get();
        } catch (RuntimeException e) {
            LOG.debug("level {}: minting the next window's bracket failed; it retries at that window", levelIndex, e);
            return null;
        }
    }

    private LevelOutcome drain() throws AbortedLevelException {
        IssuerReport report;
        AttributionLedger.Result attributed;
        try {
            report = traffic.await();
            throwIfAggregationFailed();
            attributed = attribute();
            log.attributed(attributed.perRequestJ());
            log.close();
        } catch (ExecutionException e) {
            throw abort("drain failed: ", null, e.getCause());
        } catch (InterruptedException | RuntimeException e) {
            throw abort("drain failed: ", null, e);
        }
        List<WindowRecord> windows = new ArrayList<>();
        List<WindowRecord> plain = aggregator.records(closed, report.capBoundFraction());
        for (int w = 0; w < plain.size(); w++) {
            windows.add(plain.get(w).withAttributed(attributed.perWindow().get(w)));
        }
        IssuerSummary issuer = IssuerSummary.of(report);
        LevelValidation validation = plan.rule() == LevelRule.REPLAY
                ? ReplayGate.validate(windows, issuer, spec.cvThreshold(), spec.maxErrorFraction())
                : StabilityGate.validate(windows.stream().map(WindowRecord::jPerToken).toList(), spec.cvThreshold())
                .withRequestFailures(windows, spec.maxErrorFraction());
        LevelOutcome outcome = new LevelOutcome(levelIndex, spec, windows, validation, issuer);
        events.levelValidated(outcome);
        return outcome;
    }

    /**
     * Splits each closed window's measured energy among its requests by the plan's rule (estimated). A failure costs
     * the estimate only: the level keeps its measured windows, without attributed figures.
     */
    private AttributionLedger.Result attribute() {
        List<Double> energies = new ArrayList<>();
        List<Double> durations = new ArrayList<>();
        for (BracketResult b : closed) {
            energies.add(b.energyJ());
            durations.add(b.durationSeconds());
        }
        try {
            return aggregator.ledger().attribute(energies, durations, plan.attribution());
        } catch (RuntimeException e) {
            LOG.warn("level {}: the per-request attribution failed ({}); its windows have no attributed figures",
                    levelIndex, e.toString());
            return new AttributionLedger.Result(java.util.Map.of(),
                    java.util.Collections.nCopies(closed.size(), null), java.util.Set.of());
        }
    }

    private AbortedLevelException abort(String site, Integer windowIndex, Throwable cause) {
        release();
        AbortedLevel aborted = new AbortedLevel(levelIndex, windowIndex, site + describe(cause),
                aggregator.records(closed, null));
        LOG.debug("level {} {}", levelIndex, aborted.reason(), cause);
        events.levelAborted(aborted);
        if (cause instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        return new AbortedLevelException(aborted, cause);
    }

    /** Cancels and awaits the traffic, then closes the request log; never throws. */
    private void release() {
        if (traffic != null) {
            traffic.cancelAndAwait();
        }
        try {
            log.close();
        } catch (RuntimeException e) {
            LOG.warn("cannot close the request log of level {}", levelIndex, e);
        }
    }

    private void throwIfAggregationFailed() {
        RuntimeException failure = aggregator.failure();
        if (failure != null) {
            throw failure;
        }
    }

    static String describe(Throwable cause) {
        if (cause instanceof InterruptedException) {
            return "cancelled";
        }
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    private static void closeQuietly(MeasurementBracket bracket) {
        if (bracket == null) {
            return;
        }
        try {
            bracket.close();
        } catch (RuntimeException e) {
            LOG.warn("closing an aborted bracket failed", e);
        }
    }
}

package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.IssuerReport;
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
    private final List<BracketResult> closed = new ArrayList<>();
    private RequestLogSink log;
    private LevelAggregator aggregator;
    private TrafficRun traffic;

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

    private void runWindow(int w) throws AbortedLevelException {
        MeasurementBracket bracket = null;
        try {
            bracket = plan.brackets().get();
            bracket.open();
            events.windowOpened(levelIndex, w, aggregator.spanStart(w));
            clock.sleepUntil(aggregator.spanStart(w + 1));
            throwIfAggregationFailed();
        } catch (InterruptedException | RuntimeException e) {
            closeQuietly(bracket);
            throw abort("aborted: ", w, e);
        }
        BracketResult result;
        try {
            result = bracket.finish();
        } catch (RuntimeException e) {
            throw abort("close failed: ", w, e);
        }
        closed.add(result);
        events.windowClosed(aggregator.record(w, result, null, true));
    }

    private LevelOutcome drain() throws AbortedLevelException {
        IssuerReport report;
        try {
            report = traffic.await();
            throwIfAggregationFailed();
            log.close();
        } catch (ExecutionException e) {
            throw abort("drain failed: ", null, e.getCause());
        } catch (InterruptedException | RuntimeException e) {
            throw abort("drain failed: ", null, e);
        }
        List<WindowRecord> windows = aggregator.records(closed, report.capBoundFraction());
        LevelValidation validation = StabilityGate.validate(
                windows.stream().map(WindowRecord::jPerToken).toList(), spec.cvThreshold())
                .withRequestFailures(windows, spec.maxErrorFraction());
        LevelOutcome outcome = new LevelOutcome(levelIndex, spec, windows, validation, IssuerSummary.of(report));
        events.levelValidated(outcome);
        return outcome;
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

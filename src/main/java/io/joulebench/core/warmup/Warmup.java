package io.joulebench.core.warmup;

import io.joulebench.core.energy.DeviceReading;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.MeterReading;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.stats.PowerSeries;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TrafficRun;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.window.TrafficSourceFactory;
import io.joulebench.core.window.WarmupHook;
import io.joulebench.core.window.WindowSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the server to loaded equilibrium before each level (spec §3) by driving traffic at the level's rate while
 * sampling the meter itself every sample interval. Composite mode evaluates the {@link WarmupGate} every poll
 * interval on the evaluator (never the issuing thread; at most one evaluation in flight) and proceeds with
 * {@code timed_out} at the failsafe; fixed mode runs for its duration. When that time is up while every request is
 * still in flight, the warmup goes on until the first one finishes (bounded by the timeout; past it the level goes
 * on with a recorded warning). Traffic that dies early, or whose finished requests all failed, raises
 * {@link WarmupTrafficException}. Usable directly as the window manager's hook; it
 * keeps one {@link WarmupResult} per level.
 */
public final class Warmup implements WarmupHook {

    /**
     * Mean arrival gaps scheduled beyond the warmup's end: the chance that a Poisson schedule leaves no arrival in
     * that tail is e^-20, so a healthy schedule never runs out before the end (spec §3 adds only 2 poll intervals,
     * which at 1 req/s leaves a 4 s tail that a Poisson gap outlasts 2 % of the time).
     */
    static final double TAIL_MEAN_GAPS = 20;

    private static final Logger LOG = LoggerFactory.getLogger(Warmup.class);

    private final Clock clock;
    private final EnergyMeter meter;
    private final Transport transport;
    private final Function<WindowSpec, TrafficSourceFactory> traffic;
    private final WarmupConfig config;
    private final Executor evaluator;
    private final List<WarmupResult> results = Collections.synchronizedList(new ArrayList<>());

    /**
     * @param traffic   builds the warmup traffic of a level from its spec (same rate and request shapes)
     * @param evaluator runs gate evaluations; a direct executor makes tests deterministic
     */
    public Warmup(Clock clock, EnergyMeter meter, Transport transport,
                  Function<WindowSpec, TrafficSourceFactory> traffic, WarmupConfig config, Executor evaluator) {
        this.clock = clock;
        this.meter = meter;
        this.transport = transport;
        this.traffic = traffic;
        this.config = config;
        this.evaluator = evaluator;
    }

    /** Evaluates the gate on a short-lived daemon thread per evaluation. */
    public Warmup(Clock clock, EnergyMeter meter, Transport transport,
                  Function<WindowSpec, TrafficSourceFactory> traffic, WarmupConfig config) {
        this(clock, meter, transport, traffic, config,
                task -> Thread.ofPlatform().daemon().name("joulebench-warmup-gate").start(task));
    }

    /** One result per level warmed so far, in order. */
    public List<WarmupResult> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }

    @Override
    public void beforeLevel(int levelIndex, WindowSpec spec) throws InterruptedException {
        if (levelIndex > 0 && config.cooldownSeconds() > 0) {
            clock.sleep(Duration.ofNanos(nanos(config.cooldownSeconds())));
        }
        results.add(run(levelIndex, spec));
    }

    /** Warms up once for level {@code levelIndex}. */
    public WarmupResult run(int levelIndex, WindowSpec spec) throws InterruptedException {
        boolean composite = config.mode() == WarmupMode.COMPOSITE;
        if (!composite && config.durationSeconds() <= 0) {
            return new WarmupResult(levelIndex, WarmupMode.FIXED, true, false, 0, null, null, config.protocol());
        }
        long start = clock.nanoTime();
        long end = start + nanos(composite ? config.timeoutSeconds() : config.durationSeconds());
        // traffic is scheduled past the end (and cancelled there): a schedule that stopped near the end would finish
        // early whenever its tail gap outlasts the last request, and an early finish reads as traffic death
        double horizon = (composite ? config.timeoutSeconds() : config.durationSeconds())
                + 2 * config.pollIntervalSeconds() + TAIL_MEAN_GAPS / spec.rate();
        AtomicLong successes = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        WarmupTraffic.Tally tally = new WarmupTraffic.Tally();
        RequestListener counter = r -> {
            tally.add(r);
            if (r.status() == RequestStatus.OK) {
                successes.incrementAndGet();
            } else {
                failures.incrementAndGet();
            }
        };
        TrafficRun run = TrafficRun.start(traffic.apply(spec).create(counter, horizon), transport, null,
                "joulebench-warmup-L" + levelIndex);
        List<PowerSample> samples = new ArrayList<>();
        CompletableFuture<WarmupObservables> evaluation = null;
        WarmupObservables last = null;
        boolean converged = false;
        long poll = nanos(config.pollIntervalSeconds());
        long nextEvaluation = start + poll;
        long nextSample = start;
        // Requests still in flight when the warmup ends are not failures: the warmup waits for the first one to
        // finish, up to its timeout, rather than cancel them all and call the server dead (a 1 s warmup at 2 req/s
        // with 32-token outputs ends before any request does).
        long bound = start + nanos(Math.max(config.timeoutSeconds(), composite ? 0 : config.durationSeconds()));
        boolean extending = false;
        long warmupEnd = 0;
        long failedBeforeCancel = 0;
        try {
            while (true) {
                sample(samples);
                long now = clock.nanoTime();
                if (extending) {
                    if (successes.get() > 0 || failures.get() > 0 || now >= bound || run.isDone()) {
                        break;
                    }
                } else {
                    if (run.isDone()) {
                        if (now >= end) {
                            converged = !composite;
                            warmupEnd = now;
                            if (!awaitFirstFinish(successes, failures, now, bound)) {
                                break;
                            }
                            extending = true;
                            continue;
                        }
                        throw died(run, now - start);
                    }
                    if (composite && evaluation != null && evaluation.isDone()) {
                        last = evaluation.join();
                        evaluation = null;
                        if (last.allHold()) {
                            converged = true;
                            warmupEnd = now;
                            if (!awaitFirstFinish(successes, failures, now, bound)) {
                                break;
                            }
                            extending = true;
                        }
                    }
                    if (!extending && composite && evaluation == null && now >= nextEvaluation) {
                        List<PowerSample> snapshot = List.copyOf(samples);
                        evaluation = CompletableFuture.supplyAsync(() -> WarmupGate.evaluate(snapshot), evaluator);
                        nextEvaluation = now + poll;
                    }
                    if (!extending && now >= end) {
                        converged = !composite;
                        warmupEnd = now;
                        if (!awaitFirstFinish(successes, failures, now, bound)) {
                            break;
                        }
                        extending = true;
                    }
                }
                nextSample = Math.max(nextSample, now) + nanos(config.sampleIntervalSeconds());
                clock.sleepUntil(Math.min(nextSample, extending ? bound : end));
            }
            // decided before the cancel below, whose interrupted requests are not the server's failures
            failedBeforeCancel = failures.get();
        } finally {
            if (evaluation != null) {
                evaluation.cancel(true);
            }
            run.cancelAndAwait();
        }
        double elapsed = (clock.nanoTime() - start) / 1e9;
        String warning = null;
        if (successes.get() == 0 && failedBeforeCancel > 0) {
            throw new WarmupTrafficException(String.format(Locale.ROOT, "warmup delivered zero successfully "
                    + "completed requests in %.1fs (%d failed); check that the server answers the measured request "
                    + "shape", elapsed, failedBeforeCancel));
        } else if (successes.get() == 0) {
            warning = String.format(Locale.ROOT, "no warmup request finished within the warmup's %.0fs timeout; "
                    + "the level goes on without a completed warmup request", (bound - start) / 1e9);
            LOG.warn("Level {}: {}", levelIndex, warning);
        } else if (extending) {
            warning = String.format(Locale.ROOT, "warmup extended from %.1fs to %.1fs: no request had finished "
                    + "when it ended", (warmupEnd - start) / 1e9, elapsed);
            LOG.info("Level {}: {}", levelIndex, warning);
        }
        return new WarmupResult(levelIndex, config.mode(), converged, composite && !converged, elapsed,
                PowerSeries.clean(samples).energyJ(), last, config.protocol(), warning, tally.result(elapsed), null);
    }

    /** True when the warmup's time is up but no request has finished either way yet, and there is time left. */
    private static boolean awaitFirstFinish(AtomicLong successes, AtomicLong failures, long now, long bound) {
        return successes.get() == 0 && failures.get() == 0 && now < bound;
    }

    private void sample(List<PowerSample> samples) {
        MeterReading reading = meter.read();
        for (DeviceReading d : reading.devices()) {
            samples.add(new PowerSample(reading.atNanos(), d.device(), d.powerW(), d.temperatureC(), d.throttled()));
        }
    }

    private static WarmupTrafficException died(TrafficRun run, long elapsedNanos) {
        Throwable failure = run.failure();
        if (failure != null) {
            return new WarmupTrafficException(String.format(Locale.ROOT, "warmup traffic failed at t=%.1fs: %s",
                    elapsedNanos / 1e9, failure), failure);
        }
        return new WarmupTrafficException(String.format(Locale.ROOT, "warmup traffic ended at t=%.1fs, before "
                + "warmup completed; its schedule is shorter than the warmup", elapsedNanos / 1e9));
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}

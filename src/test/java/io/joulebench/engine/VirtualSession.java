package io.joulebench.engine;

import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference engine's own scheduler and power model ({@link EngineCore}, {@link PowerModel}) driven on a
 * {@link VirtualClock} by open-loop arrivals, with windows measured the harness's way: a window's tokens are the
 * tokens delivered inside it, its energy the exact energy between its edges. It runs a session of levels far faster
 * than real time, so the precision model can be checked over many seeds in the unit stage. What it leaves out of the
 * real harness: HTTP, client receipt jitter and counter quantisation (all far below the token-count noise).
 */
final class VirtualSession {

    /** One level: open-loop traffic for {@code leadSeconds} (warmup + ramp), then {@code windows} windows. */
    record Level(double rate, ArrivalProcess arrival, double burstiness, double leadSeconds, double windowSeconds,
                 int windows) {
    }

    /**
     * Per window: J/token; per request that arrived inside the windows and finished: TTFT and TPOT, in seconds,
     * anchored to its scheduled arrival as the harness anchors them.
     */
    record Measured(Level level, double[] joulesPerToken, double[] ttftSeconds, double[] tpotSeconds) {

        /** The p-quantile (nearest rank) of TPOT, in ms. */
        double tpotMs(double p) {
            return quantile(tpotSeconds, p) * 1000;
        }

        /** The p-quantile (nearest rank) of TTFT, in ms. */
        double ttftMs(double p) {
            return quantile(ttftSeconds, p) * 1000;
        }

        private static double quantile(double[] values, double p) {
            if (values.length == 0) {
                return Double.NaN;
            }
            double[] sorted = values.clone();
            java.util.Arrays.sort(sorted);
            int rank = (int) Math.ceil(p * sorted.length);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
        }
    }

    private static final long NS = 1_000_000_000L;

    private final EngineProfile profile;
    private final int outputTokens;
    private final int promptTokens;
    private final double tauSeconds;
    private final boolean drain;

    VirtualSession(EngineProfile profile, int outputTokens, int promptTokens, double tauSeconds) {
        this(profile, outputTokens, promptTokens, tauSeconds, false);
    }

    private VirtualSession(EngineProfile profile, int outputTokens, int promptTokens, double tauSeconds,
                           boolean drain) {
        this.profile = profile;
        this.outputTokens = outputTokens;
        this.promptTokens = promptTokens;
        this.tauSeconds = tauSeconds;
        this.drain = drain;
    }

    /**
     * The same session, but each level drains its measured requests before the next starts, so every one has its
     * latencies (without it the next level's traffic starts at once and unfinished requests have none).
     */
    VirtualSession draining() {
        return new VirtualSession(profile, outputTokens, promptTokens, tauSeconds, true);
    }

    /** Runs the levels one after another on one engine (one server session), arrivals seeded by {@code seed}. */
    List<Measured> run(List<Level> levels, long seed) throws InterruptedException {
        VirtualClock clock = new VirtualClock(0);
        PowerModel power = new PowerModel(profile, 1, clock, Duration.ofMillis(Math.round(tauSeconds * 1000)),
                Duration.ofMillis(100), true, seed);
        EngineCore core = new EngineCore(profile, power, clock);
        List<Measured> out = new ArrayList<>();
        long index = 0;
        for (int l = 0; l < levels.size(); l++) {
            Level level = levels.get(l);
            double horizon = level.leadSeconds() + level.windows() * level.windowSeconds();
            ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.ofHorizon(level.rate(), level.arrival(),
                    level.burstiness(), seed * 1_000_003L + l, horizon));
            long start = clock.nanoTime();
            long[] edges = new long[level.windows() + 1];
            for (int k = 0; k <= level.windows(); k++) {
                edges[k] = start + Math.round((level.leadSeconds() + k * level.windowSeconds()) * NS);
            }
            long[] tokens = new long[level.windows()];
            double[] edgeEnergy = new double[edges.length];
            int nextEdge = 0;
            int next = 0;
            List<WindowSink> measuredRequests = new ArrayList<>();
            long end = edges[edges.length - 1];
            while (nextEdge < edges.length) {
                long now = clock.nanoTime();
                while (next < schedule.count() && start + Math.round(schedule.offset(next) * NS) <= now) {
                    long arrival = start + Math.round(schedule.offset(next) * NS);
                    WindowSink sink = new WindowSink(edges, tokens, arrival);
                    if (arrival >= edges[0] && arrival <= end) {
                        measuredRequests.add(sink);
                    }
                    core.submit(new Sequence(index++, promptTokens, outputTokens, "length", sink));
                    next++;
                }
                long nextArrival = next < schedule.count() ? start + Math.round(schedule.offset(next) * NS)
                        : Long.MAX_VALUE;
                double before = power.totalExactEnergyJoules();
                long t0 = clock.nanoTime();
                if (!core.stepOnce()) {
                    long until = Math.min(nextArrival, edges[nextEdge]);
                    clock.sleepUntil(until);
                }
                long t1 = clock.nanoTime();
                double after = power.totalExactEnergyJoules();
                // edges inside this step or idle span: occupancy was constant, so energy is linear to within drift
                while (nextEdge < edges.length && edges[nextEdge] <= t1) {
                    double f = t1 == t0 ? 1 : (double) (edges[nextEdge] - t0) / (t1 - t0);
                    edgeEnergy[nextEdge] = before + f * (after - before);
                    nextEdge++;
                }
                if (t1 >= end && nextEdge >= edges.length) {
                    break;
                }
            }
            double[] jpt = new double[level.windows()];
            for (int k = 0; k < jpt.length; k++) {
                jpt[k] = tokens[k] == 0 ? Double.POSITIVE_INFINITY
                        : (edgeEnergy[k + 1] - edgeEnergy[k]) / tokens[k];
            }
            // let the measured requests finish (the harness's drain), so their latencies are whole
            while (drain && measuredRequests.stream().anyMatch(r -> r.finishedAt < 0) && core.stepOnce()) {
                // drain
            }
            List<WindowSink> done = measuredRequests.stream().filter(r -> r.finishedAt >= 0).toList();
            double[] ttft = done.stream().mapToDouble(r -> (r.firstAt - r.arrival) / 1e9).toArray();
            double[] tpot = done.stream().filter(r -> r.count > 1)
                    .mapToDouble(r -> (r.lastAt - r.firstAt) / 1e9 / (r.count - 1)).toArray();
            out.add(new Measured(level, jpt, ttft, tpot));
            // the next level's traffic starts at once; requests still running carry over, as in a real session
        }
        core.close();
        return out;
    }

    /** Counts a sequence's tokens into the window whose span holds their delivery instant. */
    private static final class WindowSink implements TokenSink {
        private final long[] edges;
        private final long[] tokens;
        final long arrival;
        long firstAt = -1;
        long lastAt = -1;
        long finishedAt = -1;
        int count;

        WindowSink(long[] edges, long[] tokens, long arrival) {
            this.edges = edges;
            this.tokens = tokens;
            this.arrival = arrival;
        }

        @Override
        public void tokens(int generated, long atNanos) {
            if (firstAt < 0) {
                firstAt = atNanos;
            }
            lastAt = atNanos;
            count++;
            if (atNanos < edges[0] || atNanos > edges[edges.length - 1]) {
                return;
            }
            for (int k = 0; k < tokens.length; k++) {
                if (atNanos <= edges[k + 1]) {
                    tokens[k]++;
                    return;
                }
            }
        }

        @Override
        public void finished(String finishReason, long atNanos) {
            finishedAt = atNanos;
        }
    }
}

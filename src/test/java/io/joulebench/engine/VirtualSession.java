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

    /** Per window: J/token. */
    record Measured(Level level, double[] joulesPerToken) {
    }

    private static final long NS = 1_000_000_000L;

    private final EngineProfile profile;
    private final int outputTokens;
    private final int promptTokens;
    private final double tauSeconds;

    VirtualSession(EngineProfile profile, int outputTokens, int promptTokens, double tauSeconds) {
        this.profile = profile;
        this.outputTokens = outputTokens;
        this.promptTokens = promptTokens;
        this.tauSeconds = tauSeconds;
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
            long end = edges[edges.length - 1];
            while (nextEdge < edges.length) {
                long now = clock.nanoTime();
                while (next < schedule.count() && start + Math.round(schedule.offset(next) * NS) <= now) {
                    core.submit(new Sequence(index++, promptTokens, outputTokens, "length",
                            new WindowSink(edges, tokens)));
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
            out.add(new Measured(level, jpt));
            // the next level's traffic starts at once; requests still running carry over, as in a real session
        }
        core.close();
        return out;
    }

    /** Counts a sequence's tokens into the window whose span holds their delivery instant. */
    private static final class WindowSink implements TokenSink {
        private final long[] edges;
        private final long[] tokens;

        WindowSink(long[] edges, long[] tokens) {
            this.edges = edges;
            this.tokens = tokens;
        }

        @Override
        public void tokens(int generated, long atNanos) {
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
        }
    }
}

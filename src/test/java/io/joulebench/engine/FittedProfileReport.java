package io.joulebench.engine;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.ArrivalProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Prints the tables of docs/reference-engine.md's "Profiles fitted to published measurements" and writes, per fitted
 * profile, the published points and the simulated sweep as CSV for {@code bench/fitted_profile_plot.py}:
 * <pre>
 *   ./mvnw -q test-compile
 *   java -cp "target/classes:target/test-classes:$(cat target/cp.txt)" io.joulebench.engine.FittedProfileReport OUTDIR
 * </pre>
 * (with {@code ./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt} once). The numbers are the same
 * {@link FittedProfileTest} checks; this only prints them.
 */
public final class FittedProfileReport {

    private FittedProfileReport() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path out = Path.of(args.length > 0 ? args[0] : "target/fitted-profiles");
        Files.createDirectories(out);
        for (FittedProfiles.Source source : FittedProfiles.ALL) {
            EngineProfile profile = EngineProfile.named(source.profileName());
            ReferenceServingShape shape = new ReferenceServingShape(profile);
            int n = source.outputTokens();
            System.out.println("## " + profile.name() + " — " + profile.label());
            System.out.println(profile.parameters() + " tau=" + profile.thermalTimeConstantS());
            double[] engine = engineSweep(source, profile);
            List<String> points = new ArrayList<>(List.of("rate,published_j,simulated_j,engine_j,published_w,simulated_w"));
            System.out.println("| Rate (req/s) | Published J/token | Simulated J/token | Residual | Engine on a virtual"
                    + " clock | Residual | Published W | Simulated W | Mean batch |");
            System.out.println("|---|---|---|---|---|---|---|---|---|");
            for (int i = 0; i < source.points().size(); i++) {
                FittedProfiles.OperatingPoint p = source.points().get(i);
                double sim = shape.joulesPerToken(p.rateRps(), n, 0);
                double watts = shape.settledWatts(p.rateRps(), n, 0);
                System.out.println(String.format(Locale.ROOT,
                        "| %s | %.3f | %.4f | %+.1f %% | %.4f | %+.1f %% | %.1f | %.1f | %.1f |", fmt(p.rateRps()),
                        p.joulesPerToken(), sim, 100 * (sim / p.joulesPerToken() - 1), engine[i],
                        100 * (engine[i] / p.joulesPerToken() - 1), p.meanPowerW(), watts,
                        shape.meanBatch(p.rateRps(), n, 0)));
                points.add(String.format(Locale.ROOT, "%s,%s,%.6f,%.6f,%s,%.3f", fmt(p.rateRps()),
                        fmt(p.joulesPerToken()), sim, engine[i], fmt(p.meanPowerW()), watts));
            }
            double capacity = shape.capacity(n, 0);
            System.out.println(String.format(Locale.ROOT, "capacity %.2f req/s (published %s–%s)", capacity,
                    fmt(source.peakLowRps()), fmt(source.peakHighRps())));
            for (FittedProfiles.ThermalCell c : source.coldCells()) {
                double settled = profile.ambientC() + profile.thermalResistanceCPerW() * c.meanPowerW();
                System.out.println(String.format(Locale.ROOT,
                        "cold %s req/s: settled %.1f °C (published %.1f), settles at %.0f s (published %.0f), tau_cell %.1f",
                        fmt(c.rateRps()), settled, c.steadyTempC(),
                        source.settleSeconds(settled - source.idleDieC(), profile.thermalTimeConstantS()),
                        c.tempSettleS(), source.settlingTau(c)));
            }
            List<String> sweep = new ArrayList<>(List.of("rate,simulated_j,simulated_w"));
            for (double rate = 1; rate < capacity; rate += rate < 10 ? 0.5 : 1) {
                sweep.add(String.format(Locale.ROOT, "%s,%.6f,%.3f", fmt(rate), shape.joulesPerToken(rate, n, 0),
                        shape.settledWatts(rate, n, 0)));
            }
            Files.write(out.resolve(profile.name() + "-points.csv"), points);
            Files.write(out.resolve(profile.name() + "-sweep.csv"), sweep);
            Files.writeString(out.resolve(profile.name() + "-meta.csv"), String.format(Locale.ROOT,
                    "label,capacity,peak_low,peak_high,tolerance%n\"%s\",%.3f,%s,%s,%s%n", profile.label(), capacity,
                    fmt(source.peakLowRps()), fmt(source.peakHighRps()), fmt(source.tolerance())));
        }
        batchSweeps(out);
    }

    /** The batch-sweep sources: published configurations beside the held-batch sweep, as tables and CSV. */
    private static void batchSweeps(Path out) throws IOException, InterruptedException {
        for (FittedProfiles.BatchSweepSource source : FittedProfiles.BATCH_SWEEPS) {
            EngineProfile profile = EngineProfile.named(source.profileName());
            ReferenceServingShape shape = new ReferenceServingShape(profile);
            System.out.println("## " + profile.name() + " — " + profile.label());
            System.out.println(profile.parameters() + " tau=" + profile.thermalTimeConstantS());
            double[] engine = heldBatchSweep(source, profile);
            List<String> points = new ArrayList<>(List.of("batch,published_j,simulated_j,engine_j,published_w,simulated_w"));
            System.out.println("| max_num_seqs | Mean batch | Published J/token | Simulated J/token | Residual | Engine on"
                    + " a virtual clock | Residual | Published W | Simulated W | Residual | Published step ms |"
                    + " Simulated step ms |");
            System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
            for (int i = 0; i < source.points().size(); i++) {
                FittedProfiles.BatchPoint p = source.points().get(i);
                double sim = shape.heldBatchJoulesPerToken(p.meanBatch());
                double watts = shape.heldBatchWatts(p.meanBatch());
                double step = profile.decodeBaseS() + profile.decodePerSeqS() * p.meanBatch();
                System.out.println(String.format(Locale.ROOT,
                        "| %d | %s | %.4f | %.4f | %+.1f %% | %.4f | %+.1f %% | %.1f | %.1f | %+.1f %% | %.2f | %.2f |",
                        p.maxNumSeqs(), fmt(p.meanBatch()), p.joulesPerToken(), sim,
                        100 * (sim / p.joulesPerToken() - 1), engine[i], 100 * (engine[i] / p.joulesPerToken() - 1),
                        p.meanPowerW(), watts, 100 * (watts / p.meanPowerW() - 1), 1000 * p.stepSeconds(),
                        1000 * step));
                points.add(String.format(Locale.ROOT, "%s,%s,%.6f,%.6f,%s,%.3f", fmt(p.meanBatch()),
                        fmt(p.joulesPerToken()), sim, engine[i], fmt(p.meanPowerW()), watts));
            }
            List<String> sweep = new ArrayList<>(List.of("batch,simulated_j,simulated_w"));
            for (int b = 6; b <= profile.maxNumSeqs(); b += b < 64 ? 2 : 8) {
                sweep.add(String.format(Locale.ROOT, "%d,%.6f,%.3f", b, shape.heldBatchJoulesPerToken(b),
                        shape.heldBatchWatts(b)));
            }
            Files.write(out.resolve(profile.name() + "-points.csv"), points);
            Files.write(out.resolve(profile.name() + "-sweep.csv"), sweep);
            Files.writeString(out.resolve(profile.name() + "-meta.csv"), String.format(Locale.ROOT,
                    "label,x,max_num_seqs,tolerance%n\"%s\",batch,%d,%s%n", profile.label(), profile.maxNumSeqs(),
                    fmt(source.tolerance())));
        }
    }

    /**
     * J/token of the engine's own scheduler and power model, on a virtual clock, with the batch held at each published
     * configuration's mean batch: that many requests of the source's mean output length sent at once, each replaced
     * the moment it finishes (the closed-loop form of the source's method: all requests at once, measured only while
     * the batch is full). Measured over 60 s after one request's length of lead.
     */
    static double[] heldBatchSweep(FittedProfiles.BatchSweepSource source, EngineProfile profile)
            throws InterruptedException {
        int n = source.outputTokens();
        double[] out = new double[source.points().size()];
        for (int i = 0; i < out.length; i++) {
            VirtualClock clock = new VirtualClock(0);
            PowerModel power = new PowerModel(profile, 1, clock,
                    Duration.ofMillis(Math.round(profile.thermalTimeConstantS() * 1000)), Duration.ofMillis(100),
                    true, 23);
            EngineCore core = new EngineCore(profile, power, clock);
            int[] finished = {0};
            TokenSink sink = new TokenSink() {
                @Override
                public void tokens(int generated, long atNanos) {
                }

                @Override
                public void finished(String finishReason, long atNanos) {
                    finished[0]++;
                }
            };
            int concurrency = (int) Math.round(source.points().get(i).meanBatch());
            long index = 0;
            for (; index < concurrency; index++) {
                core.submit(new Sequence(index, 0, n, "length", sink));
            }
            long lead = Math.round(n * profile.decodeBaseS() * 1e9);
            long end = lead + 60_000_000_000L;
            double energy0 = Double.NaN;
            long tokens0 = 0;
            while (clock.nanoTime() < end) {
                if (Double.isNaN(energy0) && clock.nanoTime() >= lead) {
                    energy0 = power.totalExactEnergyJoules();
                    tokens0 = core.generationTokens();
                }
                core.stepOnce();
                for (; finished[0] > 0; finished[0]--) {
                    core.submit(new Sequence(index++, 0, n, "length", sink));
                }
            }
            out[i] = (power.totalExactEnergyJoules() - energy0) / (core.generationTokens() - tokens0);
            core.close();
        }
        return out;
    }

    /**
     * The mean window J/token of the engine's own scheduler and power model, on a virtual clock, at each published
     * rate in turn (each level starts from the previous one's temperature; 5τ of lead leaves under 1 % of the
     * temperature step unsettled).
     */
    static double[] engineSweep(FittedProfiles.Source source, EngineProfile profile)
            throws InterruptedException {
        double lead = 5 * profile.thermalTimeConstantS();
        List<VirtualSession.Level> levels = source.points().stream()
                .map(p -> new VirtualSession.Level(p.rateRps(), ArrivalProcess.POISSON, 1, lead,
                        Math.max(60, 600 / p.rateRps()), 3))
                .toList();
        return new VirtualSession(profile, source.outputTokens(), 0, profile.thermalTimeConstantS())
                .run(levels, 23).stream()
                .mapToDouble(m -> Arrays.stream(m.joulesPerToken()).average().orElseThrow())
                .toArray();
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}

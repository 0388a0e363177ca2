package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.precision.LevelDesign;
import io.joulebench.core.precision.PrecisionModel;
import io.joulebench.core.traffic.ArrivalProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The precision model against the reference engine: over a grid of rates × window lengths (and arrival processes),
 * the CV of J/token the model predicts and the CV observed across windows over many seeds agree within
 * {@link #FACTOR}. The engine's scheduler and power model run on a virtual clock ({@link VirtualSession}), so the
 * grid costs well under a second of CPU. The table it prints is the one in docs/methodology.md.
 */
class PrecisionCalibrationTest {

    /** Predicted and observed CV agree within this factor, either way. */
    static final double FACTOR = 1.5;
    private static final int SEEDS = 16;
    private static final int WINDOWS = 3;
    private static final int OUTPUT_TOKENS = 64;
    private static final int PROMPT_TOKENS = 32;
    /**
     * The first level's lead: long enough for the die temperature to settle (τ = 180 s), as the composite warmup
     * would. Each further seed is one more level of the same session at the same rate, after a ramp.
     */
    private static final double SETTLE_SECONDS = 600;
    private static final double RAMP_SECONDS = 5;

    record Row(String profile, ArrivalProcess arrival, double rate, double windowSeconds, double predicted,
               double observed, double predictedPass, double observedPass) {
        double ratio() {
            return observed / predicted;
        }
    }

    static List<Row> grid() throws InterruptedException {
        List<Row> rows = new ArrayList<>();
        for (EngineProfile profile : List.of(EngineProfile.SMALL, EngineProfile.MEDIUM)) {
            ReferenceServingShape shape = new ReferenceServingShape(profile);
            PrecisionModel model = PrecisionModel.of(shape, OUTPUT_TOKENS, PROMPT_TOKENS);
            VirtualSession session = new VirtualSession(profile, OUTPUT_TOKENS, PROMPT_TOKENS, 180);
            double[] rates = profile == EngineProfile.SMALL ? new double[] {2, 8, 32} : new double[] {2, 8, 24};
            for (double rate : rates) {
                for (double w : new double[] {5, 20, 60}) {
                    rows.add(row(profile, ArrivalProcess.POISSON, 1, rate, w, model, session));
                }
            }
        }
        EngineProfile small = EngineProfile.SMALL;
        PrecisionModel model = PrecisionModel.of(new ReferenceServingShape(small), OUTPUT_TOKENS, PROMPT_TOKENS);
        VirtualSession session = new VirtualSession(small, OUTPUT_TOKENS, PROMPT_TOKENS, 180);
        rows.add(row(small, ArrivalProcess.GAMMA, 2, 8, 20, model, session));
        rows.add(row(small, ArrivalProcess.GAMMA, 0.5, 8, 20, model, session));
        return rows;
    }

    private static Row row(EngineProfile profile, ArrivalProcess arrival, double burstiness, double rate, double w,
                           PrecisionModel model, VirtualSession session) throws InterruptedException {
        double cvArrival = arrival == ArrivalProcess.POISSON ? 1 : burstiness;
        double predicted = model.predictedCv(new LevelDesign(rate, cvArrival, w, WINDOWS, 0.05));
        double sumRelVar = 0;
        int passed = 0;
        List<VirtualSession.Level> levels = new ArrayList<>();
        levels.add(new VirtualSession.Level(rate, arrival, burstiness, SETTLE_SECONDS, w, WINDOWS));
        for (int seed = 1; seed < SEEDS; seed++) {
            levels.add(new VirtualSession.Level(rate, arrival, burstiness, RAMP_SECONDS, w, WINDOWS));
        }
        for (VirtualSession.Measured m : session.run(levels, 7)) {
            double[] j = m.joulesPerToken();
            double mean = 0;
            for (double v : j) {
                mean += v / j.length;
            }
            double var = 0;
            for (double v : j) {
                var += (v - mean) * (v - mean) / (j.length - 1);
            }
            sumRelVar += var / (mean * mean);
            passed += io.joulebench.core.stats.Stats.populationCv(j) <= 0.05 ? 1 : 0;
        }
        double observed = Math.sqrt(sumRelVar / SEEDS);
        return new Row(profile.name(), arrival, rate, w, predicted, observed,
                PrecisionModel.passLikelihood(predicted, WINDOWS, 0.05), (double) passed / SEEDS);
    }

    @Test
    void predicted_and_observed_cv_agree_within_the_stated_factor_over_the_grid() throws InterruptedException {
        List<Row> rows = grid();
        StringBuilder table = new StringBuilder(
                "| profile | arrival | rate | window s | predicted CV | observed CV | observed/predicted |"
                        + " P(pass) predicted | observed |\n");
        for (Row r : rows) {
            table.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.4f | %.4f | %.2f | %.2f | %.2f |%n",
                    r.profile(), r.arrival().label(), r.rate(), r.windowSeconds(), r.predicted(), r.observed(),
                    r.ratio(), r.predictedPass(), r.observedPass()));
        }
        System.out.println(table);
        for (Row r : rows) {
            assertThat(r.ratio()).as("observed/predicted at %s %s %.0f req/s × %.0f s", r.profile(),
                    r.arrival().label(), r.rate(), r.windowSeconds()).isBetween(1 / FACTOR, FACTOR);
        }
    }
}

package io.joulebench.engine;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;

/**
 * Profiles fitted to published measurements: each {@link Source} holds the figures a publication gives, where they
 * come from, and the fit that turns them into an {@link EngineProfile} (docs/reference-engine.md, "Profiles fitted to
 * published measurements", shows the published points beside the fitted profile's sweep).
 *
 * <p>The fit, in the order {@link Source#fit()} runs it (N output tokens per request, M = max_num_seqs):
 * <ol>
 *   <li><b>Step times</b> from two published facts: the lowest rate's p50 latency gives the step time at its mean
 *       batch (Little's law, B₁ = λ₁·L₁; step s₁ = L₁/N), and the sustained peak gives the step time at a full
 *       batch (λ_peak = M / (N·s_M)). The line through them is decode_base_s + decode_per_seq_s·B, so the modelled
 *       capacity is the middle of the published peak range by construction.</li>
 *   <li><b>Thermal resistance and ambient</b> from the cold cells' settled temperature against their mean power
 *       (least squares, T = T_amb + R·P). The idle die temperature then gives the total idle power
 *       P₀ = (T_idle − T_amb)/R.</li>
 *   <li><b>Thermal time constant</b>: for each cold cell, the smallest τ at which the first-order approach from the
 *       idle die to the settled temperature has a trailing-window range of the published settle band exactly at the
 *       published settle time; τ is the median over the cells.</li>
 *   <li><b>Leakage</b> from the cold cell whose power settled at once (so its J/token bias is thermal only): the
 *       published bias × its power divided by the model's mean temperature deficit over the warming interval.</li>
 *   <li><b>Power curve</b>: P_idle = P₀·(1 − R·k); α by a grid search and P_max − P_idle in closed form, minimising
 *       the sum of squared relative J/token residuals at the published rates, with the batch Poisson-averaged
 *       exactly as {@link ReferenceServingShape} does.</li>
 * </ol>
 * Every fitted value is rounded to three significant figures, and the published points are then checked against
 * the rounded profile ({@code FittedProfileTest}).
 */
public final class FittedProfiles {

    /**
     * One published operating point of a rate sweep.
     *
     * @param rateRps        offered request rate
     * @param p50LatencyS    median end-to-end latency of a request
     * @param meanPowerW     mean GPU power over the measured window
     * @param joulesPerToken published energy per output token
     */
    public record OperatingPoint(double rateRps, double p50LatencyS, double meanPowerW, double joulesPerToken) {
    }

    /**
     * One cold-start thermal cell: traffic at a rate starting from an idle-cooled die.
     *
     * @param rateRps            offered request rate
     * @param meanPowerW         mean GPU power over the cell
     * @param steadyTempC        die temperature once settled
     * @param powerSettleS       seconds from the start of traffic until power settled
     * @param tempSettleS        seconds from the start of traffic until temperature settled
     * @param joulesPerTokenBias J/token over [power settle, temperature settle] relative to the settled tail, minus 1
     */
    public record ThermalCell(double rateRps, double meanPowerW, double steadyTempC, double powerSettleS,
                              double tempSettleS, double joulesPerTokenBias) {
    }

    /**
     * The published figures of one setup and the facts of the fit that are not figures (the profile's name, the
     * citation its label carries, and the stated tolerance).
     *
     * @param profileName     the profile's name (named after the source)
     * @param citation        what the label says it is fitted to
     * @param outputTokens    fixed output tokens per request (N)
     * @param maxNumSeqs      the engine's batch limit (M)
     * @param maxModelLen     the model's context length
     * @param peakLowRps      lower end of the published sustained peak
     * @param peakHighRps     upper end of the published sustained peak
     * @param idleDieC        die temperature of the idle-cooled GPU before traffic
     * @param settleBandC     a temperature counts as settled when its trailing-window range is at most this
     * @param settleWindowS   the trailing window of that range
     * @param throttleC       published thermal threshold
     * @param tolerance       the relative residual every published J/token point must stay within
     * @param points          the published rate sweep, lowest rate first
     * @param coldCells       the published cold-start thermal cells
     */
    public record Source(String profileName, String citation, int outputTokens, int maxNumSeqs, int maxModelLen,
                         double peakLowRps, double peakHighRps, double idleDieC, double settleBandC,
                         double settleWindowS, double throttleC, double tolerance, List<OperatingPoint> points,
                         List<ThermalCell> coldCells) {

        public Source {
            points = List.copyOf(points);
            coldCells = List.copyOf(coldCells);
        }

        /** The profile these figures give (see the class comment for the steps). */
        public EngineProfile fit() {
            int n = outputTokens;
            int m = maxNumSeqs;
            // 1. step times: the lowest rate's step, and the full batch's step at the sustained peak
            OperatingPoint low = points.get(0);
            double b1 = low.rateRps() * low.p50LatencyS();
            double s1 = low.p50LatencyS() / n;
            double sFull = m / (n * peakRps());
            double perSeq = round3((sFull - s1) / (m - b1));
            double base = round3(s1 - perSeq * b1);
            // 2. thermal resistance and ambient: T = T_amb + R·P over the cold cells
            double[] p = coldCells.stream().mapToDouble(ThermalCell::meanPowerW).toArray();
            double[] t = coldCells.stream().mapToDouble(ThermalCell::steadyTempC).toArray();
            double pMean = Arrays.stream(p).average().orElseThrow();
            double tMean = Arrays.stream(t).average().orElseThrow();
            double sxy = 0;
            double sxx = 0;
            for (int i = 0; i < p.length; i++) {
                sxy += (p[i] - pMean) * (t[i] - tMean);
                sxx += (p[i] - pMean) * (p[i] - pMean);
            }
            double r = round3(sxy / sxx);
            double ambient = round3(tMean - r * pMean);
            double idleTotalW = (idleDieC - ambient) / r;
            // 3. thermal time constant: median over the cold cells
            double tau = round3(median(coldCells.stream().mapToDouble(this::settlingTau).toArray()));
            // 4. leakage from the cell whose power settled at once
            ThermalCell pure = coldCells.stream().filter(c -> c.powerSettleS() == 0).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no cold cell with power settled at 0 s"));
            double k = round3(-pure.joulesPerTokenBias() * pure.meanPowerW()
                    / meanDeficit(pure.steadyTempC() - idleDieC, tau, pure.powerSettleS(), pure.tempSettleS()));
            double gain = 1 - r * k;
            double idleW = round3(idleTotalW * gain);
            // 5. power curve: α on a grid, P_max − P_idle in closed form (least squares of relative J/token)
            double bestAlpha = Double.NaN;
            double bestDelta = Double.NaN;
            double bestCost = Double.POSITIVE_INFINITY;
            for (int step = 20; step <= 1500; step++) {
                double alpha = step / 1000.0;
                EngineProfile trial = profile(base, perSeq, idleW, idleW, alpha, k, ambient, r, tau);
                ReferenceServingShape shape = new ReferenceServingShape(trial);
                double sumDa = 0;
                double sumDd = 0;
                double[] a = new double[points.size()];
                double[] d = new double[points.size()];
                for (int i = 0; i < points.size(); i++) {
                    OperatingPoint op = points.get(i);
                    double tokensPerS = op.rateRps() * n * gain * op.joulesPerToken();
                    double load = shape.meanLoadTerm(shape.meanBatch(op.rateRps(), n, 0));
                    a[i] = idleW / tokensPerS;
                    d[i] = load / tokensPerS;
                    sumDa += d[i] * (1 - a[i]);
                    sumDd += d[i] * d[i];
                }
                double delta = Math.max(0, sumDa / sumDd);
                double cost = 0;
                for (int i = 0; i < a.length; i++) {
                    cost += Math.pow(a[i] + d[i] * delta - 1, 2);
                }
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAlpha = alpha;
                    bestDelta = delta;
                }
            }
            return profile(base, perSeq, idleW, round3(idleW + bestDelta), round3(bestAlpha), k, ambient, r, tau);
        }

        /** The middle of the published sustained peak. */
        public double peakRps() {
            return (peakLowRps + peakHighRps) / 2;
        }

        /** The smallest τ whose first-order approach settles (range ≤ band over the window) at the cell's time. */
        double settlingTau(ThermalCell cell) {
            double rise = cell.steadyTempC() - idleDieC;
            for (double tau = 1; tau < 10_000; tau += 0.1) {
                if (settleRange(rise, tau, cell.tempSettleS()) >= settleBandC) {
                    return tau;
                }
            }
            throw new IllegalStateException("no time constant settles cell at " + cell.rateRps() + " req/s");
        }

        /** Range over the trailing window at time t of x(t) = rise·(1 − e^(−t/τ)). */
        double settleRange(double rise, double tau, double t) {
            return rise * Math.exp(-t / tau) * Math.expm1(Math.min(t, settleWindowS) / tau);
        }

        /** The first time the trailing-window range of a first-order approach by {@code rise} is within the band. */
        public double settleSeconds(double rise, double tau) {
            double t = settleWindowS;
            while (settleRange(rise, tau, t) > settleBandC) {
                t += 0.5;
            }
            return t;
        }

        private EngineProfile profile(double base, double perSeq, double idleW, double maxW, double alpha, double k,
                                      double ambient, double r, double tau) {
            return new EngineProfile(profileName, maxNumSeqs, maxModelLen, 0, base, perSeq, idleW, maxW, alpha, k,
                    ambient, r, throttleC, 0, outputTokens, tau, citation);
        }
    }

    /**
     * Qwen2.5-0.5B-Instruct under vLLM on one A100-PCIE-40GB, 256 fixed output tokens, open-loop Poisson arrivals:
     * the operating points of henrycgbaker/LLenergyMeasure, docs/explanation/methodology/empirical-grounding/
     * min-window-duration.md ("The operating points"; sustained peak "roughly 95 to 98 req/s", section "Rate grid"),
     * and the cold arm of …/loaded-thermal-equilibrium.md ("Per-cell results"; idle die 29 °C and the settle rule
     * from "Findings" and "Method"; the 83 °C threshold from "The throttle bit never fired"). max_num_seqs 256 is
     * vLLM's default on that card, not a published figure; max_model_len is the model's context length.
     */
    public static final Source LLENERGYMEASURE_A100_QWEN05B = new Source("llenergymeasure-a100-qwen0.5b",
            "llenergymeasure's server-mode study of vLLM with Qwen2.5-0.5B on one A100-PCIE-40GB",
            256, 256, 32768, 95, 98, 29, 2, 60, 83, 0.15,
            List.of(new OperatingPoint(2, 0.64, 141.5, 0.282),
                    new OperatingPoint(10, 0.65, 170.6, 0.065),
                    new OperatingPoint(40, 0.83, 190.1, 0.019),
                    new OperatingPoint(75, 1.68, 229.4, 0.012)),
            List.of(new ThermalCell(2, 148, 52.0, 0, 183, -0.055),
                    new ThermalCell(10, 178, 56.1, 80, 233, 0.022),
                    new ThermalCell(40, 197, 60.5, 60, 161, -0.053),
                    new ThermalCell(75, 225, 68.8, 60, 252, -0.129)));

    /** Every fitted rate-sweep source, in the order of {@link EngineProfile#ALL}. */
    public static final List<Source> ALL = List.of(LLENERGYMEASURE_A100_QWEN05B);

    /**
     * Llama-3.1-8B-Instruct (bfloat16) under vLLM on one H100, task lm-arena-chat: the eleven single-GPU H100
     * configurations of the ML.ENERGY Leaderboard v3 data, repository ml-energy/leaderboard, file
     * public/data/models/meta-llama__Llama-3.1-8B-Instruct__lm-arena-chat.json (fields max_num_seqs, avg_batch_size,
     * avg_output_len, avg_power_watts, output_throughput_tokens_per_sec, energy_per_token_joules). max_model_len
     * 20480 is the benchmark's vLLM config for this model (ml-energy/benchmark, configs/vllm/lm-arena-chat/
     * meta-llama/Llama-3.1-8B-Instruct/H100/monolithic.config.yaml). Idle power is not published: 90 W is assumed
     * (the medium shape's), and the fit is insensitive to it.
     */
    public static final BatchSweepSource MLENERGY_H100_LLAMA31_8B = new BatchSweepSource("mlenergy-h100-llama3.1-8b",
            "the ML.ENERGY Leaderboard v3 (vLLM, Llama-3.1-8B-Instruct, lm-arena-chat, one H100)",
            768, 20480, 90, 0.10,
            List.of(new BatchPoint(8, 7.978, 388.7, 486.4, 1069.6, 0.4548),
                    new BatchPoint(16, 15.95, 404.2, 513.3, 1953.6, 0.2627),
                    new BatchPoint(32, 31.91, 390.3, 559.7, 3391.1, 0.1651),
                    new BatchPoint(64, 63.92, 395.5, 610.3, 5147.2, 0.1186),
                    new BatchPoint(96, 95.70, 392.8, 644.0, 6260.1, 0.1029),
                    new BatchPoint(128, 127.6, 404.6, 669.2, 7036.5, 0.0951),
                    new BatchPoint(192, 191.7, 396.8, 688.3, 8223.3, 0.0837),
                    new BatchPoint(256, 255.2, 404.2, 690.5, 9009.6, 0.0766),
                    new BatchPoint(384, 383.0, 394.3, 686.5, 9248.0, 0.0742),
                    new BatchPoint(512, 510.9, 396.7, 688.3, 9805.6, 0.0702),
                    new BatchPoint(768, 690.9, 397.4, 685.1, 9602.8, 0.0713)));

    /** Every fitted batch-sweep source, after {@link #ALL} in the order of {@link EngineProfile#ALL}. */
    public static final List<BatchSweepSource> BATCH_SWEEPS = List.of(MLENERGY_H100_LLAMA31_8B);

    /**
     * One published configuration of a saturated batch sweep: every request is sent at once and energy and tokens
     * are counted only while the batch is full, so the batch is held at {@code meanBatch} for the whole measurement.
     *
     * @param maxNumSeqs        the configuration's max_num_seqs
     * @param meanBatch         the mean number of running sequences over the measurement
     * @param meanOutputTokens  mean output tokens per request
     * @param meanPowerW        mean GPU power over the measurement
     * @param outputTokensPerS  output tokens per second over the measurement
     * @param joulesPerToken    published energy per output token (= power / token rate)
     */
    public record BatchPoint(int maxNumSeqs, double meanBatch, double meanOutputTokens, double meanPowerW,
                             double outputTokensPerS, double joulesPerToken) {

        /** Seconds per decode step as the source measured it: the batch over the token rate (prefill folded in). */
        public double stepSeconds() {
            return meanBatch / outputTokensPerS;
        }
    }

    /**
     * The published figures of a saturated batch sweep (no rates, no temperatures) and the facts of its fit. The fit:
     * <ol>
     *   <li><b>Step times</b>: decode_base_s + decode_per_seq_s·B is the line through the published step times
     *       (mean batch / token rate, so prefill is folded in as the source folds it into J/token), least squares of
     *       the relative residuals.</li>
     *   <li><b>Power curve</b> at occupancy u = B/max_num_seqs, with idle_w assumed: α on a grid and
     *       max_w − idle_w in closed form, least squares of the relative power residuals. No leakage (k = 0): with no
     *       temperatures published the fitted curve is the whole power.</li>
     * </ol>
     * Thermal parameters are not fitted: the medium shape's ambient and throttle limit, τ 180 s, and
     * {@link #UNPUBLISHED_R_C_PER_W}.
     *
     * @param profileName  the profile's name (named after the source)
     * @param citation     what the label says it is fitted to
     * @param maxNumSeqs   the profile's batch limit: the largest published configuration's max_num_seqs
     * @param maxModelLen  the served context length of the source's configuration
     * @param idleW        assumed idle power (not published)
     * @param tolerance    the relative residual every published J/token point must stay within
     * @param points       the published configurations, smallest batch first
     */
    public record BatchSweepSource(String profileName, String citation, int maxNumSeqs, int maxModelLen, double idleW,
                                   double tolerance, List<BatchPoint> points) {

        public BatchSweepSource {
            points = List.copyOf(points);
        }

        /** Mean output tokens over the published configurations, rounded: the engine check's fixed length. */
        public int outputTokens() {
            return (int) Math.round(points.stream().mapToDouble(BatchPoint::meanOutputTokens).average().orElseThrow());
        }

        /** The profile these figures give (see the record comment for the steps). */
        public EngineProfile fit() {
            // 1. step line: minimise Σ((a + b·B)/s − 1)², a 2×2 normal system
            double s11 = 0;
            double s12 = 0;
            double s22 = 0;
            double t1 = 0;
            double t2 = 0;
            for (BatchPoint p : points) {
                double x1 = 1 / p.stepSeconds();
                double x2 = p.meanBatch() / p.stepSeconds();
                s11 += x1 * x1;
                s12 += x1 * x2;
                s22 += x2 * x2;
                t1 += x1;
                t2 += x2;
            }
            double det = s11 * s22 - s12 * s12;
            double base = round3((t1 * s22 - t2 * s12) / det);
            double perSeq = round3((s11 * t2 - s12 * t1) / det);
            // 2. power curve: α on a grid, Δ = max_w − idle_w in closed form
            double bestAlpha = Double.NaN;
            double bestDelta = Double.NaN;
            double bestCost = Double.POSITIVE_INFINITY;
            for (int step = 20; step <= 1500; step++) {
                double alpha = step / 1000.0;
                double num = 0;
                double den = 0;
                for (BatchPoint p : points) {
                    double v = Math.pow(p.meanBatch() / maxNumSeqs, alpha) / p.meanPowerW();
                    num += v * (1 - idleW / p.meanPowerW());
                    den += v * v;
                }
                double delta = Math.max(0, num / den);
                double cost = 0;
                for (BatchPoint p : points) {
                    double u = Math.pow(p.meanBatch() / maxNumSeqs, alpha);
                    cost += Math.pow((idleW + delta * u) / p.meanPowerW() - 1, 2);
                }
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAlpha = alpha;
                    bestDelta = delta;
                }
            }
            EngineProfile medium = EngineProfile.MEDIUM;
            // a request without max_tokens stops after 1 + ⌊U·D⌋ tokens, mean (D + 1)/2: D = 2N − 1 matches the mean
            return new EngineProfile(profileName, maxNumSeqs, maxModelLen, 0, base, perSeq, idleW,
                    round3(idleW + bestDelta), round3(bestAlpha), 0, medium.ambientC(), UNPUBLISHED_R_C_PER_W,
                    medium.throttleC(), 0, 2 * outputTokens() - 1, EngineProfile.PLAUSIBLE_THERMAL_TIME_CONSTANT_S,
                    citation);
        }
    }

    /**
     * Thermal resistance of a batch-sweep profile, whose source publishes no temperatures: a plausible value, chosen
     * so that the settled die at the full batch stays under the medium shape's 87 °C limit (the sources show no sign
     * of throttling), not a measurement.
     */
    static final double UNPUBLISHED_R_C_PER_W = 0.07;

    private FittedProfiles() {
    }

    /** Mean of rise·e^(−t/τ) over [from, to]: the temperature deficit of a first-order approach. */
    static double meanDeficit(double rise, double tau, double from, double to) {
        return rise * tau * (Math.exp(-from / tau) - Math.exp(-to / tau)) / (to - from);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int h = v.length / 2;
        return v.length % 2 == 1 ? v[h] : (v[h - 1] + v[h]) / 2;
    }

    static double round3(double v) {
        return new BigDecimal(v).round(new MathContext(3)).doubleValue();
    }
}

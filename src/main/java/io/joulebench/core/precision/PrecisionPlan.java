package io.joulebench.core.precision;

import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.ServerConfig;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.TrafficConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The precision model applied to a study's plan: one estimate per distinct server level (config hash, first cycle;
 * trace replays have no rate and are left out), and the lines {@code joulebench validate} and the editor show.
 *
 * @param levels       the estimates, in dispatch order
 * @param shapeNote    what the engine shape assumes (one line per distinct shape)
 * @param notEstimated one sentence per distinct level the model cannot estimate, saying why (a session level)
 */
public record PrecisionPlan(List<Level> levels, List<String> shapeNote, List<String> notEstimated) {

    /**
     * Why a session level gets no estimate: the model takes the rate as requests per second with prompts of a known
     * length, and a session level sets neither.
     */
    public static final String SESSIONS_NOT_ESTIMATED = "no estimate: the model takes a rate of requests per second"
            + " with prompts of a known length, but this level's rate is sessions per second, its requests per"
            + " second follow from how fast the server answers (each later turn waits for the previous reply), and"
            + " its prompts grow with the conversation";

    /** One level's estimate with the cell it belongs to. */
    public record Level(ResolvedCell cell, PrecisionEstimate estimate) {
    }

    /** Prompt tokens assumed for prefill when the prompt set's own count is not known. */
    static final int ASSUMED_PROMPT_TOKENS = 32;

    /** The estimates of a plan, with each experiment's engine shape from {@code shapes}. */
    public static PrecisionPlan of(StudyPlan plan, Function<ExperimentConfig, ServingShape> shapes) {
        List<Level> levels = new ArrayList<>();
        Map<String, Boolean> seen = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        List<String> notEstimated = new ArrayList<>();
        for (ResolvedCell cell : plan.cells()) {
            if (!cell.isServer() || cell.rate() == null || seen.put(cell.configHash(), true) != null) {
                continue;
            }
            ExperimentConfig e = cell.experiment();
            if (e.task().sessions() != null) {
                notEstimated.add("level at " + num(cell.rate()) + " sessions/s: " + SESSIONS_NOT_ESTIMATED);
                continue;
            }
            ServingShape shape = shapes.apply(e);
            if (!notes.contains(shape.describe())) {
                notes.add(shape.describe());
            }
            PrecisionModel model = PrecisionModel.of(shape, e.task().maxOutputTokens(),
                    Math.min(e.task().maxInputTokens(), ASSUMED_PROMPT_TOKENS));
            levels.add(new Level(cell, model.estimate(design(e.server()))));
        }
        return new PrecisionPlan(List.copyOf(levels), List.copyOf(notes), List.copyOf(notEstimated));
    }

    /** A level's design from its server block (its own window length, arrival CV from the arrival process). */
    public static LevelDesign design(ServerConfig server) {
        TrafficConfig t = server.traffic();
        return new LevelDesign(t.rate(), arrivalCv(t), t.levelWindowSeconds(), server.windowsPerLevel(),
                server.stabilityCvThreshold());
    }

    /** The CV of the arrival gaps: Poisson 1, constant 0, gamma its burstiness (1 when unset). */
    public static double arrivalCv(TrafficConfig t) {
        return switch (t.arrival()) {
            case POISSON -> 1;
            case CONSTANT -> 0;
            case GAMMA -> t.burstiness() == null ? 1 : t.burstiness();
        };
    }

    /** True when every level is likely to pass. */
    public boolean allLikelyToPass() {
        return levels.stream().allMatch(l -> l.estimate().likelyToPass());
    }

    /**
     * The suggested {@code window_seconds_by_rate}: for each level not likely to pass, the shortest window that
     * would; rate → seconds. Empty when every level is likely to pass.
     */
    public Map<Double, Double> suggestedWindows() {
        Map<Double, Double> out = new java.util.TreeMap<>();
        for (Level l : levels) {
            PrecisionEstimate p = l.estimate();
            if (!p.likelyToPass() && p.suggestedWindowSeconds() != null) {
                out.merge(p.design().rate(), p.suggestedWindowSeconds(), Math::max);
            }
        }
        return out;
    }

    /** The lines of the plan's precision section (empty when the plan has no server level with a rate). */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (levels.isEmpty() && notEstimated.isEmpty()) {
            return out;
        }
        out.add("predicted precision (an estimate, not a measurement; model and assumptions:"
                + " docs/methodology.md#predicted-precision):");
        for (String note : shapeNote) {
            out.add("  engine shape: " + note);
        }
        for (Level l : levels) {
            out.add("  " + line(l.estimate(), l.cell().experiment().server().traffic().levelAutoWindow()));
        }
        notEstimated.forEach(line -> out.add("  " + line));
        Map<Double, Double> suggested = suggestedWindows();
        if (!suggested.isEmpty()) {
            StringBuilder sb = new StringBuilder("  suggested: server.traffic.window_seconds_by_rate: {");
            int i = 0;
            for (Map.Entry<Double, Double> e : suggested.entrySet()) {
                sb.append(i++ > 0 ? ", " : "").append(num(e.getKey())).append(": ").append(num(e.getValue()));
            }
            out.add(sb.append('}').toString());
        }
        return out;
    }

    /**
     * One warning per level that is likely to fail the gate, for {@code run} to say before it starts: the estimate,
     * and the window that would pass (or that none would).
     */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (Level l : levels) {
            PrecisionEstimate p = l.estimate();
            LevelDesign d = p.design();
            if (p.likelyToPass() || p.facts().saturated()) {
                continue;
            }
            String fix = p.suggestedWindowSeconds() == null ? "no window up to "
                    + num(PrecisionModel.MAX_WINDOW_SECONDS) + " s would pass"
                    : "a " + num(p.suggestedWindowSeconds()) + " s window would (server.traffic.window_seconds_by_rate: {"
                    + num(d.rate()) + ": " + num(p.suggestedWindowSeconds()) + "})";
            out.add(String.format(Locale.ROOT, "estimate: the level at %s req/s is likely to fail the stability gate"
                            + " (predicted CV of J/token %.3f over %s s windows, pass likelihood %.0f %%); %s", num(d.rate()),
                    p.predictedCv(), num(d.windowSeconds()), 100 * p.passLikelihood(), fix));
        }
        return out;
    }

    /** One level: rate, window, expected requests per window, predicted CV, pass likelihood, verdict, fix. */
    public static String line(PrecisionEstimate p) {
        return line(p, null);
    }

    /**
     * {@link #line(PrecisionEstimate)}; a {@code window_seconds: auto} level ({@code auto} non-null) shows its bounds,
     * {@code auto (10–300 s)}, and its estimate is the worst case, at max_seconds.
     */
    public static String line(PrecisionEstimate p, io.joulebench.core.study.AutoWindowConfig auto) {
        LevelDesign d = p.design();
        String head = auto == null
                ? String.format(Locale.ROOT, "%s req/s, %d × %s s windows (~%.0f requests each): ",
                num(d.rate()), d.windows(), num(d.windowSeconds()), p.requestsPerWindow())
                : String.format(Locale.ROOT, "%s req/s, %d × %s windows, chosen from the warmup for CV ≤ %s"
                        + " (at max_seconds ~%.0f requests each): ", num(d.rate()), d.windows(), auto.label(),
                num(auto.targetCv()), p.requestsPerWindow());
        if (p.facts().saturated()) {
            return head + "above the engine's modelled capacity (the queue grows); no estimate";
        }
        String verdict = p.likelyToPass() ? "likely to pass" : "likely to FAIL";
        String body = String.format(Locale.ROOT, "CV of J/token ≈ %.3f (gate %.3f), pass likelihood %.0f %% — %s",
                p.predictedCv(), d.cvThreshold(), 100 * p.passLikelihood(), verdict);
        if (d.windows() < 3) {
            return head + body + "; the gate needs at least 3 windows";
        }
        if (p.suggestedWindowSeconds() == null) {
            return head + body + "; no window up to " + num(PrecisionModel.MAX_WINDOW_SECONDS) + " s would pass";
        }
        String shortest = "; shortest passing window " + num(p.suggestedWindowSeconds()) + " s";
        return head + body + shortest;
    }

    /** A rate as a {@code window_seconds_by_rate} key: {@code 16}, {@code 2.5}. */
    public static String rateKey(double rate) {
        return java.math.BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }

    static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3g", v);
    }
}

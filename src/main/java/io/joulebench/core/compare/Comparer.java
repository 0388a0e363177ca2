package io.joulebench.core.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds a {@link Comparison} from results folders: groups their windows into configurations and levels, estimates
 * each level's J/token with its interval, finds the operating points at the SLO and the Pareto front, and compares
 * every configuration with the baseline. The methods are pure; see docs/methodology.md "Comparing runs".
 */
public final class Comparer {

    private Comparer() {
    }

    /**
     * @param baselineFolder the folder whose first configuration is the baseline; null for the first configuration
     * @throws CompareInputException when the baseline folder is not among the runs, or there is nothing to compare
     */
    public static Comparison compare(List<ResultsRun> runs, Path baselineFolder, Slo slo, LevelMetric latency) {
        return compare(runs, baselineFolder, slo, latency, cell -> true);
    }

    /** One cell of a results folder: a config hash and cycle (one rate of one configuration, one cycle). */
    public record CellKey(Path folder, String configHash, int cycle) {
    }

    /** The cells of a run, in windows.csv order, with each cell's rate (NaN for none). */
    public static Map<CellKey, Double> cells(ResultsRun run) {
        Map<CellKey, Double> out = new LinkedHashMap<>();
        for (WindowRow r : run.windows().rows()) {
            out.putIfAbsent(new CellKey(run.folder(), r.text(WindowsCsvColumns.CONFIG_HASH), r.cycle()),
                    r.rate().isPresent() ? r.rate().getAsDouble() : Double.NaN);
        }
        return out;
    }

    /**
     * As {@link #compare(List, Path, Slo, LevelMetric)} over only the cells {@code include} accepts (the workbench's
     * cell picking); a configuration left with no cell drops out.
     */
    public static Comparison compare(List<ResultsRun> runs, Path baselineFolder, Slo slo, LevelMetric latency,
                                     java.util.function.Predicate<CellKey> include) {
        if (!latency.isLatency()) {
            throw new CompareInputException("--latency: " + latency.shortName() + " is not a latency percentile");
        }
        List<Configuration> configs = new ArrayList<>();
        Map<Configuration, List<WindowRow>> rowsOf = new LinkedHashMap<>();
        group(runs, configs, rowsOf, include);
        if (configs.isEmpty()) {
            throw new CompareInputException("nothing to compare: the results folders have no windows");
        }
        Configuration baseline = configs.get(0);
        if (baselineFolder != null) {
            Path b = baselineFolder.toAbsolutePath().normalize();
            baseline = configs.stream().filter(c -> c.run().folder().equals(b)).findFirst()
                    .orElseThrow(() -> new CompareInputException("--baseline " + baselineFolder
                            + " has no windows among those compared"));
        }
        List<Level> levels = new ArrayList<>();
        for (Configuration c : configs) {
            for (Level l : levels(c, rowsOf.get(c))) {
                levels.add(l.withSlo(slo.violations(l.worstWindow())));
            }
        }
        levels = markFront(levels, latency);
        List<OperatingPoint> ops = new ArrayList<>();
        for (Configuration c : configs) {
            ops.add(operatingPoint(c, levels.stream().filter(l -> l.configuration().equals(c)).toList(), slo));
        }
        List<Difference> diffs = new ArrayList<>();
        for (Configuration c : configs) {
            if (c.equals(baseline)) {
                continue;
            }
            for (Level l : levels) {
                if (!l.configuration().equals(c)) {
                    continue;
                }
                Configuration base = baseline;
                levels.stream().filter(b -> b.configuration().equals(base) && sameRate(b.rate(), l.rate()))
                        .findFirst().ifPresent(b -> diffs.add(atRate(b, l)));
            }
            diffs.add(atOperatingPoints(ops.get(baseline.index()), ops.get(c.index())));
        }
        return new Comparison(runs, configs, baseline, levels, ops, diffs, slo, latency);
    }

    // ---- configurations ------------------------------------------------------------------------------------------

    private static void group(List<ResultsRun> runs, List<Configuration> configs,
                              Map<Configuration, List<WindowRow>> rowsOf,
                              java.util.function.Predicate<CellKey> include) {
        List<Map<String, String>> settings = new ArrayList<>();
        List<ResultsRun> owners = new ArrayList<>();
        List<List<WindowRow>> rows = new ArrayList<>();
        List<String> engines = new ArrayList<>();
        List<String> models = new ArrayList<>();
        for (ResultsRun run : runs) {
            Map<Map<String, String>, Integer> here = new LinkedHashMap<>();
            for (WindowRow r : run.windows().rows()) {
                if (!include.test(new CellKey(run.folder(), r.text(WindowsCsvColumns.CONFIG_HASH), r.cycle()))) {
                    continue;
                }
                Map<String, String> s = settingsOf(run, r);
                Integer at = here.get(s);
                if (at == null) {
                    at = settings.size();
                    here.put(s, at);
                    settings.add(s);
                    owners.add(run);
                    rows.add(new ArrayList<>());
                    engines.add(r.text(WindowsCsvColumns.ENGINE));
                    models.add(r.text(WindowsCsvColumns.MODEL));
                }
                rows.get(at).add(r);
            }
        }
        List<String> fallbacks = new ArrayList<>();
        for (ResultsRun r : owners) {
            boolean clash = owners.stream().anyMatch(o -> o != r && o.name().equals(r.name()));
            Path parent = r.folder().getParent();
            String name = clash && parent != null && parent.getFileName() != null
                    ? parent.getFileName() + "/" + r.name() : r.name();
            fallbacks.add(settings.size() == 1 ? r.studyName() : name);
        }
        List<String> labels = ConfigLabels.labels(settings, fallbacks);
        for (int i = 0; i < settings.size(); i++) {
            Configuration c = new Configuration(i, labels.get(i), owners.get(i), engines.get(i), models.get(i),
                    settings.get(i));
            configs.add(c);
            rowsOf.put(c, rows.get(i));
        }
    }

    /** The resolved config of the row's hash; without resolved.json, what windows.csv says about the setup. */
    private static Map<String, String> settingsOf(ResultsRun run, WindowRow r) {
        JsonNode config = run.configs().get(r.text(WindowsCsvColumns.CONFIG_HASH));
        if (config != null) {
            return ConfigLabels.flatten(config);
        }
        Map<String, String> s = new LinkedHashMap<>();
        for (String col : List.of(WindowsCsvColumns.ENGINE, WindowsCsvColumns.MODEL, WindowsCsvColumns.RUNNER,
                WindowsCsvColumns.ARRIVAL, WindowsCsvColumns.BURSTINESS_CV, WindowsCsvColumns.CONCURRENCY_CAP,
                "energy_source")) {
            s.put(col, r.text(col).isEmpty() ? "default" : r.text(col));
        }
        s.put("study_name", r.studyName());
        return s;
    }

    // ---- levels ----------------------------------------------------------------------------------------------------

    static List<Level> levels(Configuration c, List<WindowRow> rows) {
        TreeMap<Double, List<WindowRow>> byRate = new TreeMap<>();
        for (WindowRow r : rows) {
            OptionalDouble rate = r.rate();
            byRate.computeIfAbsent(rate.isPresent() ? rate.getAsDouble() : Double.NaN, k -> new ArrayList<>()).add(r);
        }
        List<Level> out = new ArrayList<>();
        byRate.forEach((rate, rs) -> out.add(level(c, rate, rs)));
        return out;
    }

    /** One level from its windows.csv rows (all cycles). */
    public static Level level(Configuration c, double rate, List<WindowRow> rows) {
        Set<String> hashes = new LinkedHashSet<>();
        Set<String> kinds = new LinkedHashSet<>();
        Map<Integer, Set<String>> reasons = new TreeMap<>();
        boolean valid = !rows.isEmpty();
        Map<LevelMetric, Double> worst = new LinkedHashMap<>();
        for (WindowRow r : rows) {
            hashes.add(r.text(WindowsCsvColumns.CONFIG_HASH));
            if (!r.energyKind().isEmpty()) {
                kinds.add(r.energyKind());
            }
            int cycle = r.cycle();
            Optional<Boolean> v = r.levelValid();
            if (v.isEmpty() || !v.get()) {
                valid = false;
                String why = v.isEmpty() ? "validity not recorded" : r.invalidReason();
                reasons.computeIfAbsent(cycle, k -> new LinkedHashSet<>()).add(why.isEmpty() ? "invalid" : why);
            }
            for (LevelMetric m : LevelMetric.values()) {
                OptionalDouble x = r.number(m.column());
                if (x.isPresent()) {
                    worst.merge(m, x.getAsDouble(), m::worse);
                }
            }
        }
        // the level figures: one definition with By rate and the live table (LevelFigures), for what is shown
        Map<LevelMetric, Double> metrics = new LinkedHashMap<>();
        for (LevelMetric m : worst.keySet()) {
            metrics.put(m, LevelFigures.ofColumn(rows, m.column()));
        }
        RatioEstimator.Units units = RatioEstimator.units(rows);
        Estimate est = RatioEstimator.of(units);
        int cycles = (int) rows.stream().map(WindowRow::cycle).distinct().count();
        List<String> why = new ArrayList<>();
        reasons.forEach((cycle, rs) -> why.add((cycles > 1 ? "cycle " + cycle + ": " : "") + String.join("; ", rs)));
        return new Level(c, rate, List.copyOf(hashes), cycles, units.windows(), units.skipped(), units.energySum(),
                units.tokenSum(), est, valid,
                String.join(" | ", why), metrics, worst, String.join("+", kinds), rows, List.of(), false);
    }

    static List<Level> markFront(List<Level> levels, LevelMetric latency) {
        List<ParetoFront.Point> points = new ArrayList<>();
        for (Level l : levels) {
            boolean eligible = l.valid() && Double.isFinite(l.jPerToken().value());
            points.add(new ParetoFront.Point(eligible ? l.jPerToken().value() : Double.NaN,
                    eligible ? l.metric(latency) : Double.NaN));
        }
        boolean[] front = ParetoFront.of(points);
        List<Level> out = new ArrayList<>();
        for (int i = 0; i < levels.size(); i++) {
            out.add(levels.get(i).withFront(front[i]));
        }
        return out;
    }

    // ---- operating point -------------------------------------------------------------------------------------------

    /** The highest measured rate whose level is valid and meets the SLO, and an interpolated estimate above it. */
    public static OperatingPoint operatingPoint(Configuration c, List<Level> levels, Slo slo) {
        List<Level> sorted = levels.stream().filter(l -> !Double.isNaN(l.rate()))
                .sorted(Comparator.comparingDouble(Level::rate)).toList();
        Level best = null;
        for (Level l : sorted) {
            if (l.valid() && l.meetsSlo()) {
                best = l;
            }
        }
        if (best == null) {
            String note = sorted.isEmpty() ? "no rated levels"
                    : sorted.stream().noneMatch(Level::valid) ? "no valid level"
                    : "no valid level meets the SLO (lowest valid: " + sorted.stream().filter(Level::valid)
                            .findFirst().map(l -> Formats.rate(l.rate()) + ": " + String.join(", ",
                                    l.sloViolations())).orElse("") + ")";
            return new OperatingPoint(c, null, Double.NaN, Double.NaN, note);
        }
        Level next = null;
        for (Level l : sorted) {
            if (l.rate() > best.rate()) {
                next = l;
                break;
            }
        }
        if (next == null) {
            return new OperatingPoint(c, best, Double.NaN, Double.NaN, "highest rate measured");
        }
        if (!next.valid()) {
            return new OperatingPoint(c, best, Double.NaN, Double.NaN, "next rate " + Formats.rate(next.rate())
                    + " is invalid: not interpolated");
        }
        double bestRate = Double.NaN;
        double bestFraction = Double.NaN;
        String binding = null;
        for (Slo.Bound b : slo.bounds()) {
            double v0 = best.worst(b.metric());
            double v1 = next.worst(b.metric());
            if (b.meets(v1) || !Double.isFinite(v0) || !Double.isFinite(v1) || v1 == v0) {
                continue;
            }
            double f = (b.limit() - v0) / (v1 - v0);
            if (f < 0 || f > 1) {
                continue;
            }
            double r = best.rate() + f * (next.rate() - best.rate());
            if (Double.isNaN(bestRate) || r < bestRate) {
                bestRate = r;
                bestFraction = f;
                binding = b.metric().column() + " reaches " + Formats.number(b.limit());
            }
        }
        if (binding == null) {
            return new OperatingPoint(c, best, Double.NaN, Double.NaN, "next rate " + Formats.rate(next.rate())
                    + " breaks the SLO: " + String.join(", ", next.sloViolations()));
        }
        double j0 = best.jPerToken().value();
        double j1 = next.jPerToken().value();
        double j = j0 + bestFraction * (j1 - j0);
        return new OperatingPoint(c, best, bestRate, j, "interpolated between " + Formats.rate(best.rate())
                + " and " + Formats.rate(next.rate()) + ": " + binding + " at ≈ " + Formats.rate(bestRate));
    }

    // ---- differences -----------------------------------------------------------------------------------------------

    static boolean sameRate(double a, double b) {
        return Double.isNaN(a) ? Double.isNaN(b) : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
    }

    static Difference atRate(Level base, Level other) {
        String where = " at " + Formats.rate(other.rate());
        String excluded = excluded(base, other);
        if (excluded != null) {
            return new Difference(Difference.Scope.RATE, base.configuration(), other.configuration(), base, other,
                    null, "not compared" + where + ": " + excluded);
        }
        Contrast c = Contrast.between(base.jPerToken(), other.jPerToken());
        return new Difference(Difference.Scope.RATE, base.configuration(), other.configuration(), base, other, c,
                verdict(base.configuration().label(), other.configuration().label(), c) + where
                        + kindNote(base, other));
    }

    static Difference atOperatingPoints(OperatingPoint base, OperatingPoint other) {
        Configuration a = base.configuration();
        Configuration b = other.configuration();
        if (!base.found() || !other.found()) {
            String who = !base.found() && !other.found() ? "neither has an"
                    : (!base.found() ? a : b).label() + " has no";
            return new Difference(Difference.Scope.OPERATING_POINT, a, b, base.level(), other.level(), null,
                    "not compared at the SLO: " + who + " operating point");
        }
        Contrast c = Contrast.between(base.level().jPerToken(), other.level().jPerToken());
        return new Difference(Difference.Scope.OPERATING_POINT, a, b, base.level(), other.level(), c,
                verdict(a.label(), b.label(), c) + " at their operating points (" + b.label() + " at "
                        + Formats.rate(other.level().rate()) + ", " + a.label() + " at "
                        + Formats.rate(base.level().rate()) + ")" + kindNote(base.level(), other.level()));
    }

    private static String excluded(Level base, Level other) {
        if (!base.valid() && !other.valid()) {
            return "both levels are invalid, excluded (reasons under Invalid levels)";
        }
        Level bad = !base.valid() ? base : !other.valid() ? other : null;
        if (bad != null) {
            // a reason is a sentence that may end in its own full stop; inside the brackets it does not
            return "the level of " + bad.configuration().label() + " is invalid ("
                    + String.valueOf(bad.invalidReason()).replaceAll("\\.+$", "") + "), excluded";
        }
        if (!Double.isFinite(base.jPerToken().value()) || !Double.isFinite(other.jPerToken().value())) {
            return "a level has no J/token (no energy or no tokens recorded)";
        }
        return null;
    }

    private static String kindNote(Level a, Level b) {
        return a.energyKind().equals(b.energyKind()) ? ""
                : "; energy kinds differ (" + a.energyKind() + " vs " + b.energyKind() + ")";
    }

    /**
     * {@code B uses 12.0 % less energy per token than A (95 % CI 7.0–17.0 %)}, {@code … more …}, or
     * {@code no difference resolved: B vs A −3.0 % (95 % CI −10.0 to +5.0 %)}.
     */
    public static String verdict(String a, String b, Contrast c) {
        double pct = (c.ratio() - 1) * 100;
        if (!c.hasInterval()) {
            return "no difference resolved: " + b + " vs " + a + " " + signed(pct)
                    + " % (no interval: fewer than 2 windows or cycles)";
        }
        double lo = (c.ratioLow() - 1) * 100;
        double hi = (c.ratioHigh() - 1) * 100;
        if (c.ratioHigh() < 1) {
            return b + " uses " + Formats.percent(-pct) + " % less energy per token than " + a + " (95 % CI "
                    + Formats.percent(-hi) + "–" + Formats.percent(-lo) + " %)";
        }
        if (c.ratioLow() > 1) {
            return b + " uses " + Formats.percent(pct) + " % more energy per token than " + a + " (95 % CI "
                    + Formats.percent(lo) + "–" + Formats.percent(hi) + " %)";
        }
        return "no difference resolved: " + b + " vs " + a + " " + signed(pct) + " % (95 % CI " + signed(lo) + " to "
                + signed(hi) + " %)";
    }

    private static String signed(double pct) {
        return (pct >= 0 ? "+" : "−") + Formats.percent(Math.abs(pct));
    }
}

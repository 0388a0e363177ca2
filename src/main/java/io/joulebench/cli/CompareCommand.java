package io.joulebench.cli;

import io.joulebench.core.compare.CompareInputException;
import io.joulebench.core.compare.Comparer;
import io.joulebench.core.compare.Comparison;
import io.joulebench.core.compare.ComparisonCsv;
import io.joulebench.core.compare.ComparisonReport;
import io.joulebench.core.compare.Difference;
import io.joulebench.core.compare.Formats;
import io.joulebench.core.compare.Level;
import io.joulebench.core.compare.OperatingPoint;
import io.joulebench.core.compare.ResultsRun;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import io.joulebench.core.slo.SloFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench compare DIR… [--baseline DIR] [--slo KEY=VALUE,…] [--latency P] [--csv FILE] [--html FILE]}:
 * J/token per configuration × rate with 95 % intervals, the operating point of each configuration at the SLO, the
 * Pareto front on (J/token, latency) and each configuration's difference to the baseline, in words.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Compare runs: J/token intervals, SLO operating points, verdicts.",
                "J/token per configuration and rate with 95 %% intervals, the operating point of each configuration "
                        + "at the SLO, the Pareto front on (J/token, latency) and verdicts against a baseline."})
public final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results folders (any studies and engines).")
    List<Path> dirs;

    @Option(names = "--baseline", paramLabel = "DIR",
            description = "The results folder whose (first) configuration the others are compared with; "
                    + "default: the first DIR.")
    Path baseline;

    @Option(names = "--slo", paramLabel = "KEY=VALUE[,KEY=VALUE…]",
            description = "Bounds for the operating point, e.g. ttft_p99_ms=500,tpot_p99_ms=50 (latencies at most, "
                    + "goodput_tokens_s and slo_attainment at least).")
    String slo;

    @Option(names = "--latency", paramLabel = "PERCENTILE", defaultValue = "ttft_p99",
            description = "The latency of the Pareto front: ttft|tpot|itl|e2e _p50|_p90|_p99 "
                    + "(default: ${DEFAULT-VALUE}).")
    String latency;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Write the rows (level, operating_point, difference) as CSV.")
    Path csv;

    @Option(names = "--html", paramLabel = "FILE", description = "Write a self-contained HTML report.")
    Path html;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Comparison cmp;
        try {
            Slo bounds = Slo.parse(slo);
            LevelMetric lat = LevelMetric.byName(latency).filter(LevelMetric::isLatency)
                    .orElseThrow(() -> new CompareInputException("--latency: unknown percentile '" + latency
                            + "'; use one of " + String.join(", ",
                            LevelMetric.latencies().stream().map(LevelMetric::shortName).toList())));
            List<Path> all = new ArrayList<>(dirs);
            if (baseline != null && all.stream().noneMatch(d -> same(d, baseline))) {
                all.add(0, baseline);
            }
            List<ResultsRun> runs = new ArrayList<>();
            for (Path d : all) {
                runs.add(ResultsRun.read(d));
            }
            cmp = Comparer.compare(runs, baseline, bounds, lat);
        } catch (CompareInputException | SloFormatException e) {
            throw new UserInputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        lines(cmp).forEach(out::println);
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        if (csv != null) {
            ComparisonCsv.write(cmp, csv);
            err.println("wrote " + csv.toAbsolutePath());
        }
        if (html != null) {
            ComparisonReport.write(cmp, html, JoulebenchCommand.host(spec).clock().wallTime());
            err.println("wrote " + html.toAbsolutePath());
        }
        err.flush();
        return ExitCodes.OK;
    }

    private static boolean same(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** The printed report: levels, operating points, differences. */
    static List<String> lines(Comparison cmp) {
        List<String> out = new ArrayList<>();
        if (cmp.notMeasured()) {
            out.add("NOTE: " + cmp.notMeasuredLabel() + " — not a hardware measurement.");
        }
        int w = Math.max(5, cmp.configurations().stream().mapToInt(c -> c.label().length()).max().orElse(5));
        LevelMetric lat = cmp.latency();
        boolean extra = lat != LevelMetric.TTFT_P99 && lat != LevelMetric.TPOT_P99;
        String fmt = "%-" + w + "s  %-10s %-22s %8s  %-9s %-9s %-9s %-5s %10s %10s" + (extra ? " %12s" : "%s")
                + " %10s  %-5s";
        out.add(String.format(Locale.ROOT, fmt, "label", "engine", "model", "rate", "J/token", "ci_low", "ci_high",
                "valid", "ttft_p99", "tpot_p99", extra ? lat.shortName() : "", "goodput", "front"));
        for (Level l : cmp.levels()) {
            out.add(String.format(Locale.ROOT, fmt, l.configuration().label(), cut(l.configuration().engine(), 10),
                    cut(l.configuration().model(), 22), Formats.number(l.rate()) + "/s",
                    Formats.jPerToken(l.jPerToken().value()), Formats.jPerToken(l.jPerToken().ciLow()),
                    Formats.jPerToken(l.jPerToken().ciHigh()), l.valid() ? "yes" : "NO",
                    Formats.number(l.metric(LevelMetric.TTFT_P99)), Formats.number(l.metric(LevelMetric.TPOT_P99)),
                    extra ? Formats.number(l.metric(lat)) : "", Formats.number(l.metric(LevelMetric.GOODPUT)),
                    l.onParetoFront() ? "*" : ""));
        }
        out.add("95 % intervals over " + basisWords(cmp) + "; front: not dominated on (J/token, "
                + lat.column() + ") among valid levels.");
        if (!cmp.invalidLevels().isEmpty()) {
            out.add("");
            out.add("Invalid levels (shown, never compared):");
            for (Level l : cmp.invalidLevels()) {
                out.add("  " + l + ": " + l.invalidReason());
            }
        }
        out.add("");
        out.add("Operating points at the SLO (" + cmp.slo() + "): highest valid rate meeting it");
        for (OperatingPoint op : cmp.operatingPoints()) {
            String label = String.format(Locale.ROOT, "  %-" + w + "s  ", op.configuration().label());
            if (!op.found()) {
                out.add(label + "none: " + op.note());
                continue;
            }
            Level l = op.level();
            out.add(label + Formats.rate(l.rate()) + "  " + Formats.jPerToken(l.jPerToken().value()) + " J/token"
                    + (l.jPerToken().hasInterval() ? " (95 % CI " + Formats.jPerToken(l.jPerToken().ciLow()) + "–"
                    + Formats.jPerToken(l.jPerToken().ciHigh()) + ")" : " (no interval)") + ", measured");
            if (op.interpolated()) {
                out.add(String.format(Locale.ROOT, "  %-" + w + "s  ≈ %s  %s J/token, interpolated (%s)", "",
                        Formats.rate(op.interpolatedRate()), Formats.jPerToken(op.interpolatedJPerToken()),
                        op.note()));
            }
        }
        out.add("");
        out.add("Differences to the baseline " + cmp.baseline().label() + ":");
        if (cmp.differences().isEmpty()) {
            out.add("  (only one configuration)");
        }
        for (Difference d : cmp.differences()) {
            out.add("  " + d.verdict());
        }
        return out;
    }

    private static String basisWords(Comparison cmp) {
        boolean cycles = cmp.levels().stream().anyMatch(l -> l.jPerToken().basis().wire().equals("cycles"));
        boolean windows = cmp.levels().stream().anyMatch(l -> l.jPerToken().basis().wire().equals("windows"));
        return cycles && windows ? "cycles where a cell has several, else windows"
                : cycles ? "cycles (between-run spread)" : "windows (within-run spread only; one cycle each)";
    }

    private static String cut(String s, int n) {
        return s == null ? "" : s.length() <= n ? s : s.substring(0, n - 1) + "…";
    }
}

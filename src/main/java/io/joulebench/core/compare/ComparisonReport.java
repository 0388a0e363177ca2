package io.joulebench.core.compare;

import io.joulebench.core.ToolVersion;
import io.joulebench.core.results.AtomicFiles;
import io.joulebench.core.slo.LevelMetric;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import static io.joulebench.core.compare.SvgChart.esc;

/**
 * The comparison as one self-contained HTML file ({@code joulebench compare --html}, the Compare view's export): no
 * scripts, styles or images are fetched; the plots are inline SVG. Sections, each with an {@code id}: what was
 * compared, J/token vs rate, J/token vs latency with the Pareto front, levels, operating points, verdicts, invalid
 * levels, methodology. Simulated or estimated data is named in the title and on every plot.
 */
public final class ComparisonReport {

    /** The section ids, in order (tests check each is present). */
    public static final List<String> SECTIONS = List.of("compared", "energy-vs-rate", "energy-vs-latency", "levels",
            "operating-points", "verdicts", "invalid-levels", "methodology");

    private ComparisonReport() {
    }

    /** Writes the report, stamped as generated at {@code now} (the caller's {@code Clock.wallTime()}). */
    public static void write(Comparison cmp, Path file, Instant now) throws IOException {
        AtomicFiles.write(file, html(cmp, now));
    }

    public static String html(Comparison cmp, Instant now) {
        String odd = cmp.notMeasuredLabel();
        String title = "Joulebench comparison: " + String.join(" vs ",
                cmp.configurations().stream().map(Configuration::label).toList())
                + (odd.isEmpty() ? "" : " — " + odd);
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").append(esc(title))
                .append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:24px auto;max-width:1100px;color:#222;line-height:1.4}\n")
                .append("table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}\n")
                .append("th,td{border:1px solid #ccc;padding:3px 7px;text-align:left;vertical-align:top}\n")
                .append("th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}\n")
                .append(".banner{background:#fde8e8;border:1px solid #d62728;padding:8px 12px;font-weight:bold}\n")
                .append(".bad{color:#b00}.muted{color:#666;font-size:12px}\n")
                .append("</style>\n</head>\n<body>\n");
        b.append("<h1>").append(esc(title)).append("</h1>\n");
        if (!odd.isEmpty()) {
            b.append("<p class=\"banner\">").append(esc(odd)).append(": these figures come from a model, not from "
                    + "a hardware meter. Do not quote them as measurements.</p>\n");
        }
        b.append("<p class=\"muted\">Written ").append(now.truncatedTo(ChronoUnit.SECONDS)).append(" by Joulebench ")
                .append(esc(ToolVersion.get())).append(". SLO: ").append(esc(cmp.slo().toString()))
                .append(". Baseline: ").append(esc(cmp.baseline().label())).append(". Latency for the front: ")
                .append(esc(cmp.latency().column())).append(".</p>\n");
        compared(b, cmp);
        energyVsRate(b, cmp, odd);
        energyVsLatency(b, cmp, odd);
        levels(b, cmp);
        operatingPoints(b, cmp);
        verdicts(b, cmp);
        invalid(b, cmp);
        methodology(b);
        return b.append("</body>\n</html>\n").toString();
    }

    private static void compared(StringBuilder b, Comparison cmp) {
        b.append("<section id=\"compared\">\n<h2>What was compared</h2>\n<table>\n").append(headerRow("configuration",
                "results folder", "study", "engine", "engine version", "model", "energy source / kind", "machine",
                "devices", "tool version", "measured (UTC)"));
        for (Configuration c : cmp.configurations()) {
            ResultsRun.Provenance p = c.run().provenance();
            b.append("<tr><td>").append(esc(c.label())).append("</td><td>").append(esc(c.run().folder().toString()))
                    .append("</td><td>").append(esc(c.run().studyName()))
                    .append(p.studyFile() == null ? "" : " (" + esc(p.studyFile()) + ")").append("</td><td>")
                    .append(esc(c.engine())).append("</td><td>").append(recorded(p.engineVersionsOf(
                            cmp.levelsOf(c).stream().flatMap(l -> l.configHashes().stream()).toList())))
                    .append("</td><td>").append(esc(c.model())).append("</td><td>")
                    .append(esc(String.join(", ", p.energySources()))).append(" / ")
                    .append(esc(String.join(", ", p.energyKinds()))).append("</td><td>")
                    .append(recorded(p.hostNames())).append("</td><td>")
                    .append(p.devices().isEmpty() ? "not recorded" : esc(String.join(", ", p.devices())))
                    .append("</td><td>").append(esc(p.toolVersion())).append("</td><td>")
                    .append(esc(p.firstWindowUtc() == null ? "–" : p.firstWindowUtc() + " … " + p.lastWindowUtc()))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n<p class=\"muted\">Machine: the host name the run recorded (resolved.json host_name); "
                + "engine version: what the engine answered (result.json session.engine_version), else how it was "
                + "launched; devices: the metered ones (result.json energy_devices). \"not recorded\": a results "
                + "folder written before these fields. Settings that differ between configurations make up their "
                + "labels.</p>\n</section>\n");
    }

    /** A table's header row: one {@code th} per column, in order. */
    private static String headerRow(String... columns) {
        StringBuilder row = new StringBuilder("<tr>");
        for (String c : columns) {
            row.append("<th>").append(c).append("</th>");
        }
        return row.append("</tr>\n").toString();
    }

    private static String recorded(List<String> values) {
        return values.isEmpty() ? "not recorded" : esc(String.join(", ", values));
    }

    private static void energyVsRate(StringBuilder b, Comparison cmp, String odd) {
        SvgChart chart = new SvgChart("J/token vs request rate (95 % intervals)" + suffix(odd),
                "request rate (req/s)", "J / output token", odd);
        for (Configuration c : cmp.configurations()) {
            List<SvgChart.Point> pts = new ArrayList<>();
            for (Level l : cmp.levelsOf(c)) {
                Estimate e = l.jPerToken();
                pts.add(new SvgChart.Point(l.rate(), e.value(), e.ciLow(), e.ciHigh(), !l.valid(), false, l + ": "
                        + Formats.jPerToken(e.value()) + " J/token" + (l.valid() ? "" : " (invalid)")));
            }
            chart.add(new SvgChart.Series(c.label(), pts, true));
        }
        b.append("<section id=\"energy-vs-rate\">\n<h2>J/token vs rate</h2>\n").append(chart.svg())
                .append("<p class=\"muted\">Bars: 95 % intervals. Hollow points: invalid levels (shown, never "
                        + "compared).</p>\n</section>\n");
    }

    private static void energyVsLatency(StringBuilder b, Comparison cmp, String odd) {
        LevelMetric lat = cmp.latency();
        SvgChart chart = new SvgChart("J/token vs " + lat.column() + " with the Pareto front" + suffix(odd),
                lat.column() + " (ms, mean over windows)", "J / output token", odd).logXWhenWide();
        List<double[]> front = new ArrayList<>();
        for (Configuration c : cmp.configurations()) {
            List<SvgChart.Point> pts = new ArrayList<>();
            for (Level l : cmp.levelsOf(c)) {
                Estimate e = l.jPerToken();
                pts.add(new SvgChart.Point(l.metric(lat), e.value(), e.ciLow(), e.ciHigh(), !l.valid(),
                        l.onParetoFront(), l + ": "
                        + Formats.jPerToken(e.value()) + " J/token, " + Formats.number(l.metric(lat)) + " ms"
                        + (l.onParetoFront() ? " (on the front)" : "")));
            }
            chart.add(new SvgChart.Series(c.label(), pts, false));
        }
        cmp.front().forEach(p -> front.add(new double[] {p.latency(), p.jPerToken()}));
        chart.highlight("Pareto front (ringed)", front);
        b.append("<section id=\"energy-vs-latency\">\n<h2>J/token vs latency: the Pareto front</h2>\n")
                .append(chart.svg()).append("<p class=\"muted\">On the front: valid levels that no other valid "
                        + "level beats on both J/token and ").append(esc(lat.column())).append(".</p>\n</section>\n");
    }

    private static void levels(StringBuilder b, Comparison cmp) {
        b.append("<section id=\"levels\">\n<h2>Levels</h2>\n<table>\n").append(headerRow("configuration", "rate",
                "cycles", "windows", "J/token", "95 % CI", "interval over", "valid", "ttft_p99 ms", "tpot_p99 ms",
                "e2e_p99 ms", "goodput tok/s", "meets SLO", "front", "energy kind"));
        for (Level l : cmp.levels()) {
            Estimate e = l.jPerToken();
            b.append("<tr><td>").append(esc(l.configuration().label())).append("</td>").append(num(Formats.rate(
                    l.rate()))).append(num(String.valueOf(l.cycles()))).append(num(String.valueOf(l.windows())))
                    .append(num(Formats.jPerToken(e.value()))).append(num(ci(e))).append("<td>")
                    .append(esc(e.basis().wire())).append(e.hasInterval() ? " (df " + Formats.number(e.df()) + ")"
                            : "").append("</td><td").append(l.valid() ? ">yes" : " class=\"bad\">no")
                    .append("</td>").append(num(Formats.number(l.metric(LevelMetric.TTFT_P99))))
                    .append(num(Formats.number(l.metric(LevelMetric.TPOT_P99))))
                    .append(num(Formats.number(l.metric(LevelMetric.E2E_P99))))
                    .append(num(Formats.number(l.metric(LevelMetric.GOODPUT)))).append("<td>")
                    .append(l.meetsSlo() ? "yes" : esc("no: " + String.join(", ", l.sloViolations())))
                    .append("</td><td>").append(l.onParetoFront() ? "★" : "").append("</td><td>")
                    .append(esc(l.energyKind())).append("</td></tr>\n");
        }
        b.append("</table>\n</section>\n");
    }

    private static void operatingPoints(StringBuilder b, Comparison cmp) {
        b.append("<section id=\"operating-points\">\n<h2>Operating points at the SLO</h2>\n<p>SLO: ")
                .append(esc(cmp.slo().toString())).append(". The highest measured rate whose level is valid and "
                        + "meets it.</p>\n<table>\n")
                .append(headerRow("configuration", "rate", "J/token", "95 % CI", "kind", "note"));
        for (OperatingPoint op : cmp.operatingPoints()) {
            String label = esc(op.configuration().label());
            if (!op.found()) {
                b.append("<tr><td>").append(label).append("</td><td colspan=\"4\">none</td><td>")
                        .append(esc(op.note())).append("</td></tr>\n");
                continue;
            }
            Level l = op.level();
            b.append("<tr><td>").append(label).append("</td>").append(num(Formats.rate(l.rate())))
                    .append(num(Formats.jPerToken(l.jPerToken().value()))).append(num(ci(l.jPerToken())))
                    .append("<td>measured</td><td>").append(op.interpolated() ? "" : esc(op.note()))
                    .append("</td></tr>\n");
            if (op.interpolated()) {
                b.append("<tr><td>").append(label).append("</td>").append(num("≈ " + Formats.rate(
                        op.interpolatedRate()))).append(num(Formats.jPerToken(op.interpolatedJPerToken())))
                        .append("<td>–</td><td><em>interpolated</em></td><td>").append(esc(op.note()))
                        .append("</td></tr>\n");
            }
        }
        b.append("</table>\n</section>\n");
    }

    private static void verdicts(StringBuilder b, Comparison cmp) {
        b.append("<section id=\"verdicts\">\n<h2>Verdicts against the baseline (").append(esc(cmp.baseline().label()))
                .append(")</h2>\n");
        if (cmp.differences().isEmpty()) {
            b.append("<p>Only one configuration was loaded: nothing to compare.</p>\n");
        } else {
            b.append("<table>\n").append(headerRow("configuration", "where", "difference J/token (95 % CI)",
                    "ratio (95 % CI)", "verdict"));
            for (Difference d : cmp.differences()) {
                String where = d.scope() == Difference.Scope.RATE && d.otherLevel() != null
                        ? Formats.rate(d.otherLevel().rate()) : "operating points";
                Contrast c = d.contrast();
                b.append("<tr><td>").append(esc(d.other().label())).append("</td><td>").append(esc(where))
                        .append("</td>").append(num(c == null ? "–" : Formats.jPerToken(c.difference()) + " ("
                                + Formats.jPerToken(c.differenceLow()) + " to " + Formats.jPerToken(
                                c.differenceHigh()) + ")")).append(num(c == null ? "–" : String.format(
                                java.util.Locale.ROOT, "%.3f (%.3f–%.3f)", c.ratio(), c.ratioLow(), c.ratioHigh())))
                        .append("<td").append(d.compared() ? ">" : " class=\"bad\">").append(esc(d.verdict()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        b.append("</section>\n");
    }

    private static void invalid(StringBuilder b, Comparison cmp) {
        b.append("<section id=\"invalid-levels\">\n<h2>Invalid levels</h2>\n");
        if (cmp.invalidLevels().isEmpty()) {
            b.append("<p>None: every level passed the level rules.</p>\n");
        } else {
            b.append("<p>Shown in the tables and plots, never entered into a verdict.</p>\n<table>\n")
                    .append(headerRow("configuration", "rate", "reason"));
            for (Level l : cmp.invalidLevels()) {
                b.append("<tr><td>").append(esc(l.configuration().label())).append("</td>")
                        .append(num(Formats.rate(l.rate()))).append("<td>").append(esc(l.invalidReason()))
                        .append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        b.append("</section>\n");
    }

    private static void methodology(StringBuilder b) {
        b.append("<section id=\"methodology\">\n<h2>Methodology and caveats</h2>\n<ul>\n")
                .append("<li>A level's J/token is its ratio estimate, Σ energy / Σ output tokens over its windows "
                        + "(all cycles).</li>\n")
                .append("<li>The 95 % interval is a Student t interval on the linearised ratio-estimator standard "
                        + "error. With several cycles of a cell the units are the cycles (between-run spread, the "
                        + "honest interval for a configuration); with one cycle they are its windows, which are "
                        + "consecutive spans of one server session and not independent replicates: that interval "
                        + "shows within-run stability only and is usually too narrow for a claim about the "
                        + "configuration.</li>\n")
                .append("<li>Differences use se = √(se_A² + se_B²) and ratios the log scale (delta method), both "
                        + "with Welch–Satterthwaite degrees of freedom. \"No difference resolved\" means the ratio's "
                        + "interval contains 1.</li>\n")
                .append("<li>Invalid levels (stability gate, request failures, aborts) are shown but excluded from "
                        + "every verdict, and the verdict says so.</li>\n")
                .append("<li>A level's latency and goodput figures are the mean over its windows of each window's "
                        + "own figure (the same as the workbench's By rate and live tables); a level meets the SLO "
                        + "only when every window does, so one bad window fails it. Interpolated operating points are linear between two measured rates "
                        + "and are estimates, not measurements.</li>\n")
                .append("<li>Energy kinds: measured (hardware counters), estimated (a CPU model), simulated (the "
                        + "reference engine). Comparisons across kinds, machines or GPU models compare the setups, "
                        + "not only the setting that differs.</li>\n")
                .append("<li>J/token is per output token, counted on the client; server windows are measured at "
                        + "loaded equilibrium (docs/methodology.md).</li>\n")
                .append("</ul>\n</section>\n");
    }

    private static String suffix(String odd) {
        return odd.isEmpty() ? "" : " — " + odd;
    }

    private static String ci(Estimate e) {
        return e.hasInterval() ? Formats.jPerToken(e.ciLow()) + "–" + Formats.jPerToken(e.ciHigh()) : "–";
    }

    private static String num(String s) {
        return "<td class=\"n\">" + esc(s) + "</td>";
    }
}

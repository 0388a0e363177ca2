package io.joulebench.core.compare;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.results.AtomicFiles;
import io.joulebench.core.slo.LevelMetric;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison as one tidy CSV ({@code joulebench compare --csv}, the Compare view's export): one {@code level}
 * row per configuration × rate, one {@code operating_point} row per configuration (two when an interpolated
 * estimate is shown: {@code interpolated=true} on the second), one {@code difference} row per comparison with the
 * baseline. The columns are declared once here; windows.csv's cell rules apply (CsvWriter).
 */
public final class ComparisonCsv {

    public static final String LEVEL = "level";
    public static final String OPERATING_POINT = "operating_point";
    public static final String DIFFERENCE = "difference";

    /** Every column, in file order. */
    public static final List<String> COLUMNS;

    /** Columns holding user or engine text (neutralised against spreadsheet formulas). */
    static final Set<String> TEXT = Set.of("label", "baseline_label", "results_dir", "study_name", "engine", "model",
            "invalid_reason", "slo_violations", "verdict", "note", "scope", "ci_basis", "energy_kind");

    static {
        List<String> c = new ArrayList<>(List.of("row_kind", "label", "baseline_label", "scope", "results_dir",
                "study_name", "engine", "model", "config_hash", "cycles", "windows", "rate_req_s",
                "baseline_rate_req_s", "energy_j", "output_tokens", "j_per_token", "j_per_token_ci_low",
                "j_per_token_ci_high", "ci_basis", "ci_df", "energy_kind", "level_valid", "invalid_reason",
                "meets_slo", "slo_violations", "on_pareto_front", "interpolated"));
        LevelMetric.latencies().forEach(m -> c.add(m.column()));
        c.addAll(List.of(LevelMetric.GOODPUT.column(), LevelMetric.SLO_ATTAINMENT.column(),
                "difference_j_per_token", "difference_ci_low", "difference_ci_high", "ratio", "ratio_ci_low",
                "ratio_ci_high", "verdict", "note"));
        COLUMNS = List.copyOf(c);
    }

    private ComparisonCsv() {
    }

    public static void write(Comparison cmp, Path file) throws IOException {
        AtomicFiles.write(file, text(cmp));
    }

    public static String text(Comparison cmp) {
        StringWriter out = new StringWriter();
        try {
            write(cmp, out);
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string failed", e);
        }
        return out.toString();
    }

    public static void write(Comparison cmp, Writer out) throws IOException {
        CsvWriter csv = new CsvWriter(out, c -> TEXT.contains(c) ? Kind.TEXT : Kind.VALUE);
        csv.writeHeader(COLUMNS);
        for (Map<String, Object> row : rows(cmp)) {
            List<Object> values = new ArrayList<>();
            for (String c : COLUMNS) {
                values.add(row.get(c));
            }
            csv.writeRow(values);
        }
        csv.flush();
    }

    /** The rows as column → value (null for empty), in file order. */
    public static List<Map<String, Object>> rows(Comparison cmp) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Level l : cmp.levels()) {
            Map<String, Object> r = level(LEVEL, l);
            out.add(r);
        }
        for (OperatingPoint op : cmp.operatingPoints()) {
            Map<String, Object> r = op.found() ? level(OPERATING_POINT, op.level()) : base(OPERATING_POINT,
                    op.configuration());
            r.put("interpolated", false);
            r.put("note", op.interpolated() ? "" : op.note());
            out.add(r);
            if (op.interpolated()) {
                Map<String, Object> i = base(OPERATING_POINT, op.configuration());
                i.put("interpolated", true);
                i.put("rate_req_s", op.interpolatedRate());
                i.put("j_per_token", op.interpolatedJPerToken());
                i.put("note", op.note());
                out.add(i);
            }
        }
        for (Difference d : cmp.differences()) {
            Map<String, Object> r = d.otherLevel() != null ? level(DIFFERENCE, d.otherLevel())
                    : base(DIFFERENCE, d.other());
            r.put("baseline_label", d.baseline().label());
            r.put("scope", d.scope().wire());
            r.put("baseline_rate_req_s", d.baselineLevel() == null ? null : d.baselineLevel().rate());
            r.put("on_pareto_front", null);
            if (d.baselineLevel() != null && d.otherLevel() != null) {
                r.put("level_valid", d.baselineLevel().valid() && d.otherLevel().valid());
            }
            Contrast c = d.contrast();
            if (c != null) {
                r.put("difference_j_per_token", c.difference());
                r.put("difference_ci_low", c.differenceLow());
                r.put("difference_ci_high", c.differenceHigh());
                r.put("ratio", c.ratio());
                r.put("ratio_ci_low", c.ratioLow());
                r.put("ratio_ci_high", c.ratioHigh());
            }
            r.put("verdict", d.verdict());
            out.add(r);
        }
        return out;
    }

    private static Map<String, Object> base(String kind, Configuration c) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("row_kind", kind);
        r.put("label", c.label());
        r.put("results_dir", c.run().folder().toString());
        r.put("study_name", c.run().studyName());
        r.put("engine", c.engine());
        r.put("model", c.model());
        return r;
    }

    private static Map<String, Object> level(String kind, Level l) {
        Map<String, Object> r = base(kind, l.configuration());
        r.put("config_hash", String.join(" ", l.configHashes()));
        r.put("cycles", l.cycles());
        r.put("windows", l.windows());
        r.put("rate_req_s", l.rate());
        r.put("energy_j", l.energyJ());
        r.put("output_tokens", l.tokens());
        Estimate e = l.jPerToken();
        r.put("j_per_token", e.value());
        r.put("j_per_token_ci_low", e.ciLow());
        r.put("j_per_token_ci_high", e.ciHigh());
        r.put("ci_basis", e.basis().wire());
        r.put("ci_df", e.df());
        r.put("energy_kind", l.energyKind());
        r.put("level_valid", l.valid());
        r.put("invalid_reason", l.invalidReason());
        r.put("meets_slo", l.meetsSlo());
        r.put("slo_violations", String.join("; ", l.sloViolations()));
        r.put("on_pareto_front", l.onParetoFront());
        for (LevelMetric m : LevelMetric.values()) {
            r.put(m.column(), l.metric(m));
        }
        return r;
    }
}

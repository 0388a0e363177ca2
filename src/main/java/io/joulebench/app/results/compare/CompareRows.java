package io.joulebench.app.results.compare;

import io.joulebench.core.compare.Comparison;
import io.joulebench.core.compare.Difference;
import io.joulebench.core.compare.Formats;
import io.joulebench.core.compare.Level;
import io.joulebench.core.compare.OperatingPoint;
import java.util.ArrayList;
import java.util.List;

/** The Compare view's table rows and verdict lines, made from a {@link Comparison} without a toolkit. */
public final class CompareRows {

    /** One line of the operating-point table; {@code kind} is {@code measured}, {@code interpolated} or {@code none}. */
    public record OperatingRow(String label, String rate, String jPerToken, String ci, String kind, String note) {
    }

    private CompareRows() {
    }

    public static List<OperatingRow> operatingPoints(Comparison cmp) {
        List<OperatingRow> out = new ArrayList<>();
        if (cmp == null) {
            return out;
        }
        for (OperatingPoint op : cmp.operatingPoints()) {
            String label = op.configuration().label();
            if (!op.found()) {
                out.add(new OperatingRow(label, "–", "–", "–", "none", op.note()));
                continue;
            }
            Level l = op.level();
            String ci = l.jPerToken().hasInterval() ? Formats.jPerToken(l.jPerToken().ciLow()) + "–"
                    + Formats.jPerToken(l.jPerToken().ciHigh()) : "–";
            out.add(new OperatingRow(label, Formats.rate(l.rate()), Formats.jPerToken(l.jPerToken().value()), ci,
                    "measured", op.interpolated() ? "" : op.note()));
            if (op.interpolated()) {
                out.add(new OperatingRow(label, "≈ " + Formats.rate(op.interpolatedRate()),
                        Formats.jPerToken(op.interpolatedJPerToken()), "–", "interpolated", op.note()));
            }
        }
        return out;
    }

    /** The verdicts against the baseline, then one line per invalid level. */
    public static List<String> verdicts(Comparison cmp) {
        List<String> out = new ArrayList<>();
        if (cmp == null) {
            return out;
        }
        if (cmp.differences().isEmpty()) {
            out.add("Only one configuration: nothing to compare with the baseline.");
        }
        for (Difference d : cmp.differences()) {
            out.add(d.verdict());
        }
        for (Level l : cmp.invalidLevels()) {
            out.add("Invalid, excluded: " + l + " — " + l.invalidReason());
        }
        return out;
    }
}

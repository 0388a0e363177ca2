package io.joulebench.core.results;

import io.joulebench.core.csv.CsvCells;
import io.joulebench.core.csv.CsvWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One row of {@code windows.csv}: every cell as read (column → string, empty for null) with typed accessors. Numbers
 * are parsed with a '.' decimal point; an empty or unparsable numeric cell reads as absent.
 */
public record WindowRow(Map<String, String> cells) {

    public WindowRow {
        cells = Collections.unmodifiableMap(new LinkedHashMap<>(cells));
    }

    /** A row from a header and the cells at the same positions; missing trailing cells read as empty. */
    public static WindowRow of(List<String> header, List<String> values) {
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            cells.put(header.get(i), i < values.size() ? values.get(i) : "");
        }
        return new WindowRow(cells);
    }

    /** The raw cell, empty when the column is absent. */
    public String raw(String column) {
        return cells.getOrDefault(column, "");
    }

    /** The cell as text, with a spreadsheet-neutralising {@code '} prefix (see {@link CsvWriter}) removed. */
    public String text(String column) {
        String s = raw(column);
        if (s.length() > 1 && s.charAt(0) == '\'' && CsvCells.needsNeutralising(s.substring(1))) {
            return s.substring(1);
        }
        return s;
    }

    public OptionalDouble number(String column) {
        String s = raw(column).trim();
        if (s.isEmpty()) {
            return OptionalDouble.empty();
        }
        try {
            double d = Double.parseDouble(s);
            return Double.isFinite(d) ? OptionalDouble.of(d) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    public double numberOr(String column, double fallback) {
        return number(column).orElse(fallback);
    }

    public OptionalInt integer(String column) {
        OptionalDouble d = number(column);
        return d.isPresent() ? OptionalInt.of((int) Math.round(d.getAsDouble())) : OptionalInt.empty();
    }

    /** {@code true}/{@code false} (case-insensitive), otherwise absent. */
    public Optional<Boolean> bool(String column) {
        String s = raw(column).trim();
        if (s.equalsIgnoreCase("true")) {
            return Optional.of(Boolean.TRUE);
        }
        if (s.equalsIgnoreCase("false")) {
            return Optional.of(Boolean.FALSE);
        }
        return Optional.empty();
    }

    public String experimentId() {
        return text(WindowsCsvColumns.EXPERIMENT_ID);
    }

    public String studyName() {
        return text(WindowsCsvColumns.STUDY_NAME);
    }

    public int cycle() {
        return integer(WindowsCsvColumns.CYCLE).orElse(1);
    }

    public int levelIndex() {
        return integer(WindowsCsvColumns.LEVEL_INDEX).orElse(0);
    }

    public int windowIndex() {
        return integer(WindowsCsvColumns.WINDOW_INDEX).orElse(0);
    }

    public OptionalDouble rate() {
        return number(WindowsCsvColumns.RATE_REQ_S);
    }

    public OptionalDouble jPerToken() {
        return number(WindowsCsvColumns.J_PER_TOKEN);
    }

    public OptionalDouble ttftP99Ms() {
        return number(WindowsCsvColumns.TTFT_P99_MS);
    }

    public Optional<Boolean> levelValid() {
        return bool(WindowsCsvColumns.LEVEL_VALID);
    }

    public Optional<Boolean> sloPass() {
        return bool(WindowsCsvColumns.SLO_PASS);
    }

    public String invalidReason() {
        return text(WindowsCsvColumns.INVALID_REASON);
    }

    public String energyKind() {
        return text(WindowsCsvColumns.ENERGY_KIND);
    }
}

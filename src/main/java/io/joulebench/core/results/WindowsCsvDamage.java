package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;

/**
 * Finds a row of {@code windows.csv} text that is not whole: the text does not end with a line end (an append cut
 * off by a crash or a copy), a row has another number of cells than the header, or a number column (one with a
 * unit in {@link WindowColumn}) holds something that is not a number. Such a row must never be read as a window:
 * a cut {@code output_tokens} of 220 reads as 22. Whole rows are written in one append each, so this is what a torn
 * append or a truncated copy leaves.
 */
final class WindowsCsvDamage {

    private WindowsCsvDamage() {
    }

    /** What is wrong with the text, in words for a sentence ("its last row has no line end"); empty when whole. */
    static Optional<String> find(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> records;
        try {
            records = new CsvReader(new StringReader(text)).readAll();
        } catch (IOException e) {
            return Optional.of(e.getMessage());
        }
        if (!text.endsWith("\n")) {
            return Optional.of(records.size() <= 1 ? "its header has no line end"
                    : "its last row (row " + (records.size() - 1) + ") has no line end");
        }
        List<String> header = records.get(0);
        for (int r = 1; r < records.size(); r++) {
            List<String> cells = records.get(r);
            if (cells.size() != header.size()) {
                return Optional.of("row " + r + " has " + cells.size() + " cells where the header has "
                        + header.size());
            }
            for (int c = 0; c < cells.size(); c++) {
                String cell = cells.get(c).trim();
                if (!cell.isEmpty() && isNumberColumn(header.get(c)) && !isNumber(cell)) {
                    return Optional.of("row " + r + "'s " + header.get(c) + " is '" + cell + "', not a number");
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isNumberColumn(String name) {
        return WindowColumn.byHeader(name).map(c -> !c.unit().isEmpty()).orElse(false);
    }

    private static boolean isNumber(String cell) {
        try {
            Double.parseDouble(cell);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

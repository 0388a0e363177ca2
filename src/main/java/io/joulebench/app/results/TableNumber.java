package io.joulebench.app.results;

import io.joulebench.app.fx.Formats;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.study.DisplayNumber;

/**
 * A number cell of the windows table: the value it sorts by and the text the table shows. The column filter lists
 * values by {@link #toString()}, so its list reads "16, 28, 40" as the table does, not "16.0, 28.0, 40.0".
 */
record TableNumber(double value, String text) implements Comparable<TableNumber> {

    /** A value shown to {@code digits} significant digits and at most as many decimals, as every number cell is. */
    static TableNumber of(double value, int digits) {
        return new TableNumber(value, Formats.significant(value, digits, digits));
    }

    /**
     * A cell of windows.csv column {@code column}: a level or window index is shown as people count it
     * ({@link DisplayNumber}, from 1) and still sorts by the file's index; exports write the rows, not these cells.
     */
    static TableNumber shown(String column, double value, int digits) {
        boolean index = column.equals(WindowsCsvColumns.LEVEL_INDEX) || column.equals(WindowsCsvColumns.WINDOW_INDEX);
        return index && value == Math.rint(value)
                ? new TableNumber(value, Integer.toString(DisplayNumber.of((int) value))) : of(value, digits);
    }

    @Override
    public int compareTo(TableNumber other) {
        return Double.compare(value, other.value);
    }

    @Override
    public String toString() {
        return text;
    }
}

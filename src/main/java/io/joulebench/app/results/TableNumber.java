package io.joulebench.app.results;

import io.joulebench.app.fx.Formats;

/**
 * A number cell of the windows table: the value it sorts by and the text the table shows. The column filter lists
 * values by {@link #toString()}, so its list reads "16, 28, 40" as the table does, not "16.0, 28.0, 40.0".
 */
record TableNumber(double value, String text) implements Comparable<TableNumber> {

    /** A value shown to {@code digits} significant digits and at most as many decimals, as every number cell is. */
    static TableNumber of(double value, int digits) {
        return new TableNumber(value, Formats.significant(value, digits, digits));
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

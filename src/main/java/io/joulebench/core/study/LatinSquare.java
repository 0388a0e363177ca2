package io.joulebench.core.study;

/**
 * A balanced Latin square (Williams design) over {@code n} cells, for {@code experiment_order: latin_square}. Row 0 is
 * {@code 0, 1, n−1, 2, n−2, 3, …}; row {@code r} adds {@code r} to every entry (mod n). Over its rows every cell
 * takes every position exactly once, and for even {@code n} every cell directly follows every other cell exactly
 * once, so neither position in a pass nor the cell run just before (thermal carry-over) favours any cell. For odd
 * {@code n} that carry-over balance needs {@code 2n} rows: rows {@code n … 2n−1} are rows {@code 0 … n−1} reversed.
 * Cycle {@code c} (from 1) runs row {@code (c − 1) mod rows}.
 */
public final class LatinSquare {

    private LatinSquare() {
    }

    /** How many rows complete the design: {@code n} for even n, {@code 2n} for odd n (1 for a single cell). */
    public static int rows(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a Latin square needs at least one cell (got " + n + ")");
        }
        return n == 1 ? 1 : n % 2 == 0 ? n : 2 * n;
    }

    /** Row {@code row} (any whole number ≥ 0, taken mod {@link #rows}): a permutation of {@code 0 … n−1}. */
    public static int[] row(int n, int row) {
        int rows = rows(n);
        int r = Math.floorMod(row, rows);
        boolean mirrored = r >= n;
        int shift = r % n;
        int[] out = new int[n];
        for (int position = 0; position < n; position++) {
            int first = position == 0 ? 0 : position % 2 == 1 ? (position + 1) / 2 : n - position / 2;
            out[mirrored ? n - 1 - position : position] = (first + shift) % n;
        }
        return out;
    }
}

package io.joulebench.core.study;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Repeats the grid for each cycle and orders it; then numbers each hash's occurrences as its cycle. */
public final class DispatchOrder {

    private DispatchOrder() {
    }

    public static List<ResolvedCell> order(List<GridCell> grid, ExecutionConfig execution, String designHash) {
        int cycles = execution.nCycles();
        List<GridCell> sequence = new ArrayList<>();
        switch (execution.order()) {
            case SEQUENTIAL -> grid.forEach(c -> sequence.addAll(Collections.nCopies(cycles, c)));
            case INTERLEAVE -> {
                for (int k = 0; k < cycles; k++) {
                    sequence.addAll(grid);
                }
            }
            case REVERSE -> {
                List<GridCell> reversed = new ArrayList<>(grid);
                Collections.reverse(reversed);
                for (int k = 0; k < cycles; k++) {
                    sequence.addAll(reversed);
                }
            }
            case LATIN_SQUARE -> {
                for (int k = 0; k < cycles && !grid.isEmpty(); k++) {
                    for (int i : LatinSquare.row(grid.size(), k)) {
                        sequence.add(grid.get(i));
                    }
                }
            }
            case SHUFFLE -> {
                Random random = new Random(shuffleSeed(execution, designHash));
                for (int k = 0; k < cycles; k++) {
                    List<GridCell> pass = new ArrayList<>(grid);
                    Collections.shuffle(pass, random);
                    sequence.addAll(pass);
                }
            }
        }
        Map<String, Integer> seen = new HashMap<>();
        List<ResolvedCell> out = new ArrayList<>(sequence.size());
        for (GridCell c : sequence) {
            int cycle = seen.merge(c.configHash(), 1, Integer::sum);
            out.add(new ResolvedCell(out.size(), c.index(), c.label(), c.config(), c.configHash(), cycle, c.experiment()));
        }
        return out;
    }

    /** {@code shuffle_seed} when given, else the study design hash read as a number: reproducible per study. */
    static long shuffleSeed(ExecutionConfig execution, String designHash) {
        return execution.shuffleSeed() != null ? execution.shuffleSeed() : Long.parseUnsignedLong(designHash, 16);
    }
}

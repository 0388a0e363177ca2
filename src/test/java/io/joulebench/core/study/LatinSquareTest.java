package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class LatinSquareTest {

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void every_cell_takes_every_position_equally_often_and_follows_every_other_cell_equally_often(int n) {
        int rows = LatinSquare.rows(n);
        int[][] positions = new int[n][n];
        int[][] follows = new int[n][n];
        for (int r = 0; r < rows; r++) {
            int[] row = LatinSquare.row(n, r);
            assertThat(row).as("row %d is a permutation", r).containsExactlyInAnyOrder(IntStream.range(0, n).toArray());
            for (int p = 0; p < n; p++) {
                positions[row[p]][p]++;
                if (p > 0) {
                    follows[row[p - 1]][row[p]]++;
                }
            }
        }
        int perPosition = rows / n;
        for (int cell = 0; cell < n; cell++) {
            for (int p = 0; p < n; p++) {
                assertThat(positions[cell][p]).as("cell %d at position %d", cell, p).isEqualTo(perPosition);
            }
            for (int next = 0; next < n; next++) {
                if (next != cell) {
                    assertThat(follows[cell][next]).as("%d directly before %d", cell, next)
                            .isEqualTo(perPosition);
                }
            }
        }
    }

    @Test
    void the_design_has_n_rows_for_even_n_and_2n_for_odd_n_and_wraps_around() {
        assertThat(List.of(LatinSquare.rows(1), LatinSquare.rows(4), LatinSquare.rows(5))).containsExactly(1, 4, 10);
        assertThat(LatinSquare.row(4, 0)).containsExactly(0, 1, 3, 2);
        assertThat(LatinSquare.row(4, 1)).containsExactly(1, 2, 0, 3);
        assertThat(LatinSquare.row(4, 4)).containsExactly(LatinSquare.row(4, 0));
        assertThat(LatinSquare.row(3, 3)).as("odd n: the mirrored half").containsExactly(2, 1, 0);
    }

    @Test
    void latin_square_order_runs_cycle_c_in_row_c_of_the_square() {
        Study s = StudyFixtures.load("serving_mode: server\nstudy_execution: {experiment_order: latin_square,"
                + " n_cycles: 4}\nsweep:\n  server.traffic.rate: [1, 2, 3, 4]\n");
        List<ResolvedCell> cells = DispatchOrder.order(s.cells(), s.execution(), s.designHash());
        assertThat(cells.stream().map(ResolvedCell::rate).toList()).containsExactly(
                1.0, 2.0, 4.0, 3.0,
                2.0, 3.0, 1.0, 4.0,
                3.0, 4.0, 2.0, 1.0,
                4.0, 1.0, 3.0, 2.0);
        assertThat(cells).extracting(ResolvedCell::cycle).containsExactly(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                4, 4, 4, 4);
        Set<Integer> groupsPerCycle = new HashSet<>();
        StudyPlan plan = StudyPlan.of(s);
        assertThat(plan.launches()).as("a rate sweep still folds into one session per cycle").isEqualTo(4);
        plan.groups().forEach(g -> groupsPerCycle.add(g.cellIndices().size()));
        assertThat(groupsPerCycle).containsExactly(4);
    }
}

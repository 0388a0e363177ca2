package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.app.editor.SweepGenerator.Spacing;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepGeneratorTest {

    @Test
    void linear_points_are_evenly_spaced() {
        assertThat(SweepGenerator.points(5, 2, 10, Spacing.LINEAR)).containsExactly(2.0, 4.0, 6.0, 8.0, 10.0);
    }

    @Test
    void geometric_points_grow_by_a_constant_factor() {
        assertThat(SweepGenerator.points(5, 1, 16, Spacing.GEOMETRIC)).containsExactly(1.0, 2.0, 4.0, 8.0, 16.0);
    }

    @Test
    void endpoints_are_exact_and_n_points_are_made() {
        for (Spacing s : Spacing.values()) {
            List<Double> p = SweepGenerator.points(7, 0.3, 17.1, s);
            assertThat(p).hasSize(7);
            assertThat(p.get(0)).isEqualTo(0.3);
            assertThat(p.get(6)).isEqualTo(17.1);
            assertThat(p).isSorted();
        }
    }

    @Test
    void inner_points_are_rounded_to_six_significant_digits() {
        assertThat(SweepGenerator.points(3, 1, 2, Spacing.GEOMETRIC)).containsExactly(1.0, 1.41421, 2.0);
    }

    @Test
    void descending_ranges_and_single_points_work() {
        assertThat(SweepGenerator.points(3, 8, 2, Spacing.LINEAR)).containsExactly(8.0, 5.0, 2.0);
        assertThat(SweepGenerator.points(1, 4, 9, Spacing.GEOMETRIC)).containsExactly(4.0);
    }

    @Test
    void geometric_spacing_needs_positive_ends() {
        assertThatThrownBy(() -> SweepGenerator.points(3, 0, 8, Spacing.GEOMETRIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("> 0");
        assertThatThrownBy(() -> SweepGenerator.points(0, 1, 8, Spacing.LINEAR))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

package io.joulebench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.compare.ParetoFront.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The front on (J/token, latency), worked out by hand in each comment. */
class ParetoFrontTest {

    /*
     * (0.10, 900) cheapest; (0.20, 100) fastest; (0.15, 300) beats neither on both -> on the front;
     * (0.25, 400) is dominated by (0.15, 300); (0.20, 150) is dominated by (0.20, 100) (equal x, worse y).
     */
    @Test
    void keeps_the_points_no_other_point_beats_on_both() {
        List<Point> pts = List.of(new Point(0.10, 900), new Point(0.20, 100), new Point(0.15, 300),
                new Point(0.25, 400), new Point(0.20, 150));
        assertThat(ParetoFront.of(pts)).containsExactly(true, true, true, false, false);
        assertThat(ParetoFront.sortedFront(pts)).containsExactly(0, 2, 1);
    }

    @Test
    void equal_points_are_both_on_the_front_and_nan_is_never() {
        List<Point> pts = List.of(new Point(0.1, 100), new Point(0.1, 100), new Point(Double.NaN, 1),
                new Point(0.5, 500));
        assertThat(ParetoFront.of(pts)).containsExactly(true, true, false, false);
    }
}

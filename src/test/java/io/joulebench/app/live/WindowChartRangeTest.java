package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WindowChartRangeTest {

    private static LevelRow level(int index, int windows) {
        return new LevelRow(index, 2.0 * (index + 1), 0, windows, Double.NaN, 0.05, Validity.PENDING, "", Double.NaN,
                Double.NaN);
    }

    @Test
    void the_x_axis_spans_the_windows_the_study_plans_not_a_fixed_nine() {
        List<LevelRow> twoLevelsOfThree = List.of(level(0, 3), level(1, 3));
        WindowChartModel empty = WindowChartModel.of(List.of(), twoLevelsOfThree, 100);
        assertThat(empty.plannedWindows()).isEqualTo(6);
        assertThat(WindowChartView.xRange(empty)).containsExactly(-0.5, 5.5);
        WindowChartModel one = WindowChartModel.of(List.of(new WindowPoint(0, 0, 2, 0.9, Validity.PENDING, Double.NaN,
                0.05)), twoLevelsOfThree, 100);
        assertThat(WindowChartView.xRange(one)).containsExactly(-0.5, 5.5);
        // Before the plan is known: nine slots.
        assertThat(WindowChartView.xRange(WindowChartModel.EMPTY)).containsExactly(-0.5, 8.5);
    }

    @Test
    void a_level_invalid_without_a_cv_is_not_labelled_pending() {
        assertThat(WindowChartView.cvText(new LevelBand(0, 2, 0, 1, Double.NaN, 0.05, Validity.INVALID)))
                .isEqualTo("invalid, no CV");
        assertThat(WindowChartView.cvText(new LevelBand(0, 2, 0, 1, Double.NaN, 0.05, Validity.PENDING)))
                .isEqualTo("CV pending");
    }
}

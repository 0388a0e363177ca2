package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlotModelTest {

    private static RateGroup group(String series, double rate, double jPerToken, Boolean slo, boolean valid) {
        return new RateGroup(series, rate, null, 3, 1, jPerToken, jPerToken, jPerToken, jPerToken, jPerToken,
                "windows", 100, 10, valid ? 0 : 3, slo, valid);
    }

    @Test
    void an_invalid_level_is_never_marked_optimal_even_when_cheapest_and_within_the_slo() {
        PlotModel plots = PlotModel.of(List.of(
                group("a", 2, 0.9, true, true),
                group("a", 8, 0.3, true, false),
                group("a", 16, 0.4, true, true),
                group("a", 32, 0.1, false, true)), Interval.MIN_MAX);
        assertThat(plots.optima()).containsExactly(new PlotModel.Optimum("a", 16, 0.4));
        // The invalid level is still plotted: only the marker is withheld.
        assertThat(plots.jPerToken().get(0).points()).extracting(PlotModel.Point::rate)
                .containsExactly(2.0, 8.0, 16.0, 32.0);
    }

    @Test
    void a_series_with_no_valid_level_within_the_slo_gets_no_marker_and_no_slo_data_gives_none() {
        PlotModel plots = PlotModel.of(List.of(
                group("a", 2, 0.9, true, false),
                group("a", 8, 0.3, false, true),
                group("b", 2, 0.8, null, true)), Interval.MIN_MAX);
        assertThat(plots.optima()).isEmpty();
    }

    @Test
    void a_level_counts_as_valid_only_when_every_window_says_level_valid_true() {
        List<WindowRow> rows = List.of(
                row(2, "true"), row(2, "true"),
                row(8, "true"), row(8, "false"),
                row(32, "true"), row(32, ""));
        List<RateGroup> groups = Grouping.byRate(rows, r -> "s", false);
        assertThat(groups).extracting(RateGroup::levelsValid).containsExactly(true, false, false);
    }

    private static WindowRow row(double rate, String levelValid) {
        Map<String, String> cells = new LinkedHashMap<>();
        cells.put("rate_req_s", Double.toString(rate));
        cells.put("j_per_token", "0.5");
        cells.put("level_valid", levelValid);
        cells.put("slo_pass", "true");
        cells.put("cycle", "1");
        return new WindowRow(cells);
    }

    @Test
    void a_geometric_sweep_is_told_from_an_even_one_and_gets_its_step_ratio() {
        // Issue 22 item 9: 2, 8, 32 crowd the left of a linear axis; a log axis spaces them evenly.
        assertThat(PlotModel.geometric(List.of(2.0, 8.0, 32.0))).isTrue();
        assertThat(PlotModel.geometric(List.of(1.0, 2.0, 4.0, 8.0, 16.0))).isTrue();
        assertThat(PlotModel.geometric(List.of(2.0, 4.0, 6.0, 8.0))).isFalse();
        assertThat(PlotModel.geometric(List.of(2.0, 8.0))).as("two rates are any sweep").isFalse();
        assertThat(PlotModel.geometric(List.of(0.0, 1.0, 2.0))).isFalse();
        assertThat(PlotModel.ratio(List.of(2.0, 8.0, 32.0))).isCloseTo(4.0, org.assertj.core.data.Offset.offset(1e-9));

        PlotModel plots = PlotModel.of(List.of(group("a", 2, 0.9, null, true), group("a", 8, 0.3, null, true),
                group("a", 32, 0.1, null, true)), Interval.MIN_MAX);
        assertThat(plots.rates()).containsExactly(2.0, 8.0, 32.0);
        assertThat(plots.logRateSuggested()).isTrue();
        assertThat(plots.logRatePossible()).isTrue();
    }
}

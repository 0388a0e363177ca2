package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** How the test query's matching series are written under the query field. */
class PrometheusSeriesListingTest {

    @Test
    void labels_are_separated_by_a_space_so_a_long_series_wraps_between_them_not_inside_a_value() {
        assertThat(PrometheusQueryView.listed(List.of("DCGM{UID=\"GPU-0\",gpu=\"0\",pod=\"a,b\",x=\"q\\\",y\"}",
                "power{gpu=\"1\"}")))
                .isEqualTo("DCGM{UID=\"GPU-0\", gpu=\"0\", pod=\"a,b\", x=\"q\\\",y\"}\npower{gpu=\"1\"}");
    }

    @Test
    void series_of_one_metric_name_it_once_above_their_label_sets() {
        assertThat(PrometheusQueryView.listed(List.of("DCGM{gpu=\"0\",pod=\"a\"}", "DCGM{gpu=\"1\",pod=\"a\"}")))
                .isEqualTo("DCGM\n  {gpu=\"0\", pod=\"a\"}\n  {gpu=\"1\", pod=\"a\"}");
    }

    @Test
    void past_the_shown_number_the_rest_are_counted() {
        List<String> names = IntStream.range(0, PrometheusQueryView.SHOWN + 3).mapToObj(i -> "s{i=\"" + i + "\"}")
                .toList();
        assertThat(PrometheusQueryView.listed(names).lines()).hasSize(PrometheusQueryView.SHOWN + 2)
                .last().isEqualTo("… and 3 more");
    }
}

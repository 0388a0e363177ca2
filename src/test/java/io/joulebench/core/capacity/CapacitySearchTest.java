package io.joulebench.core.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.compare.LevelMetric;
import io.joulebench.core.compare.Slo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

    private static final Slo TTFT_500 = new Slo(List.of(new Slo.Bound(LevelMetric.TTFT_P99, 500)));

    /** TTFT p99 rises linearly and crosses 500 ms at 23.4 req/s. */
    private static Prober linear(double errorFraction) {
        return rate -> new Prober.Figures(Map.of(LevelMetric.TTFT_P99, 500 * rate / 23.4), errorFraction);
    }

    @Test
    void bisection_brackets_the_crossing_to_the_tolerance_and_reports_the_highest_passing_rate() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(1, 65, 1, TTFT_500, null).run(linear(0));
        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.BRACKETED);
        assertThat(r.bracketLow()).isLessThanOrEqualTo(23.4);
        assertThat(r.bracketHigh()).isGreaterThan(23.4);
        assertThat(r.bracketHigh() - r.bracketLow()).isLessThanOrEqualTo(1);
        assertThat(r.capacity()).isEqualTo(r.bracketLow());
        assertThat(r.path()).hasSize(2 + 6).first().satisfies(p -> assertThat(p.rate()).isEqualTo(1));
        assertThat(r.path().get(1).meets()).isFalse();
        assertThat(r.path().get(1).violations()).singleElement().asString().startsWith("ttft_p99_ms");
        assertThat(r.measuredRates(List.of(1.0, 0.5))).containsExactly(r.capacity(), r.capacity() / 2);
        assertThat(r.lines().getLast()).startsWith("capacity 2").contains("bracket");
    }

    @Test
    void progress_follows_every_probe_with_the_bracket_after_it_and_ends_with_the_result() throws Exception {
        List<SearchProgress> seen = new java.util.ArrayList<>();
        CapacitySearch search = new CapacitySearch(1, 65, 1, TTFT_500, null);
        CapacitySearch.Result r = search.run(linear(0), seen::add);
        assertThat(seen).hasSize(r.path().size() + 1);
        assertThat(seen.getFirst().path()).hasSize(1);
        assertThat(seen.getFirst().bracketLow()).isEqualTo(1);
        assertThat(seen.getFirst().bracketHigh()).isInfinite();
        assertThat(seen.get(1).bracketHigh()).isEqualTo(65);
        for (int i = 0; i < r.path().size(); i++) {
            assertThat(seen.get(i).path()).hasSize(i + 1);
            assertThat(seen.get(i).result()).isNull();
            assertThat(seen.get(i).search()).isSameAs(search);
        }
        for (int i = 1; i < seen.size(); i++) {
            assertThat(seen.get(i).bracketHigh() - seen.get(i).bracketLow())
                    .isLessThanOrEqualTo(seen.get(i - 1).bracketHigh() - seen.get(i - 1).bracketLow());
        }
        SearchProgress last = seen.getLast();
        assertThat(last.result()).isSameAs(r);
        assertThat(last.finished()).isTrue();
        assertThat(last.bracketLow()).isEqualTo(r.bracketLow());
        assertThat(last.bracketHigh()).isEqualTo(r.bracketHigh());
        List<SearchProgress> none = new java.util.ArrayList<>();
        new CapacitySearch(30, 60, 1, TTFT_500, null).run(linear(0), none::add);
        assertThat(none).extracting(SearchProgress::bracketLow).containsExactly(0.0, 0.0);
        assertThat(none.getLast().bracketHigh()).isEqualTo(30);
    }

    @Test
    void the_minimum_breaking_the_slo_means_no_capacity_and_the_maximum_meeting_it_a_lower_bound() throws Exception {
        CapacitySearch.Result none = new CapacitySearch(30, 60, 1, TTFT_500, null).run(linear(0));
        assertThat(none.outcome()).isEqualTo(CapacitySearch.Outcome.BELOW_MINIMUM);
        assertThat(none.capacity()).isNull();
        assertThat(none.measuredRates(List.of(1.0))).isEmpty();
        CapacitySearch.Result above = new CapacitySearch(1, 20, 1, TTFT_500, null).run(linear(0));
        assertThat(above.outcome()).isEqualTo(CapacitySearch.Outcome.AT_OR_ABOVE_MAXIMUM);
        assertThat(above.capacity()).isEqualTo(20);
        assertThat(above.path()).hasSize(2);
    }

    @Test
    void the_error_bound_fails_a_probe_that_meets_the_latency_bounds() throws Exception {
        CapacitySearch.Result r = new CapacitySearch(1, 20, 1, TTFT_500, 0.01).run(linear(0.05));
        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.BELOW_MINIMUM);
        assertThat(r.path().getFirst().violations()).singleElement().asString().startsWith("errors 5.0 %");
    }

    @Test
    void a_search_without_a_bound_or_with_an_empty_range_is_refused() {
        assertThatThrownBy(() -> new CapacitySearch(1, 20, 1, Slo.NONE, null))
                .hasMessageContaining("at least one SLO bound");
        assertThatThrownBy(() -> new CapacitySearch(20, 20, 1, TTFT_500, null))
                .hasMessageContaining("min rate < max rate");
    }
}

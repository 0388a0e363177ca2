package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A trace level's fidelity line sits under its verdict in the live level table; other levels show only the verdict. */
class LevelVerdictTextTest {

    @Test
    void a_trace_levels_verdict_is_followed_by_its_fidelity_line() {
        String line = "fidelity: input 1.00× of trace, output 1.00× of trace, shareable prefix 31.4 %, "
                + "served from cache 29.2 %";
        LevelRow trace = new LevelRow(0, Double.NaN, 3, 3, 0.3, 0.05, Validity.VALID, "", 100, 2, "", line);
        LevelRow rate = new LevelRow(1, 4, 3, 3, 0.01, 0.05, Validity.VALID, "", 100, 2, "");

        assertThat(LevelTableView.verdict(trace)).isEqualTo("valid\n" + line);
        assertThat(LevelTableView.verdict(rate)).isEqualTo("valid");
    }

    @Test
    void a_level_whose_client_lagged_shows_the_client_warning_under_its_verdict() {
        String warning = new io.joulebench.core.window.ClientLoad(40.0, 12, 0.9).brief(9.0);
        LevelRow lagging = new LevelRow(0, 16, 1, 3, Double.NaN, 0.05, Validity.PENDING, "", 100, 2, "", "", warning);

        assertThat(LevelTableView.verdict(lagging)).isEqualTo("pending\n⚠ " + warning).contains("client lagging");
    }
}

package io.joulebench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowRow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A repeated replay's interval is the ratio estimator's over its cycles; a single replay's over its windows. */
class ReplayEstimatesTest {

    private static final List<String> HEADER = List.of("config_hash", "cycle", "arrival", "energy_j",
            "output_tokens");

    private static WindowRow row(String hash, int cycle, String arrival, double energy, long tokens) {
        return WindowRow.of(HEADER, List.of(hash, Integer.toString(cycle), arrival, Double.toString(energy),
                Long.toString(tokens)));
    }

    @Test
    void cycles_of_one_trace_configuration_give_its_interval_over_replays() {
        List<WindowRow> rows = new ArrayList<>();
        double[][] energy = {{100, 300, 120}, {110, 290, 130}, {95, 320, 118}};
        for (int c = 0; c < 3; c++) {
            for (int w = 0; w < 3; w++) {
                rows.add(row("aaaaaaaaaaaaaaaa", c + 1, "trace", energy[c][w], 1000));
            }
        }
        rows.add(row("bbbbbbbbbbbbbbbb", 1, "poisson", 50, 1000)); // a rate level: not a replay
        rows.add(row("cccccccccccccccc", 1, "trace", 100, 1000));
        rows.add(row("cccccccccccccccc", 1, "trace", 140, 1000));

        List<ReplayEstimates.Replay> replays = ReplayEstimates.of(rows);

        assertThat(replays).extracting(ReplayEstimates.Replay::configHash)
                .containsExactly("aaaaaaaaaaaaaaaa", "cccccccccccccccc");
        Estimate repeated = replays.get(0).estimate();
        assertThat(repeated).isEqualTo(RatioEstimator.ofRows(rows.subList(0, 9)));
        assertThat(repeated.basis()).isEqualTo(IntervalBasis.CYCLES);
        assertThat(repeated.units()).isEqualTo(3);
        assertThat(replays.get(0).line()).startsWith("replay aaaaaaaa: " + Formats.jPerToken(repeated.value())
                + " J/token, 95 % interval ").endsWith(" over 3 replays (cycles)");
        assertThat(replays.get(1).estimate().basis()).isEqualTo(IntervalBasis.WINDOWS);
        assertThat(replays.get(1).line()).contains("over 2 windows of one replay");
    }
}

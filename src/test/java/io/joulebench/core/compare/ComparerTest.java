package io.joulebench.core.compare;

import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static io.joulebench.core.compare.CompareFixtures.W;
import static io.joulebench.core.compare.CompareFixtures.folder;
import static io.joulebench.core.compare.CompareFixtures.level;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Grouping, levels, operating points, the front and the verdicts over hand-written results folders. */
class ComparerTest {

    @TempDir
    Path tmp;

    private static final double[] E_A = {120.0, 131.0, 125.5};
    private static final long[] T_A = {1000, 1080, 1010};
    private static final double[] E_B = {100, 104, 99};
    private static final long[] T_B = {1000, 1010, 990};

    private Comparison compare(Slo slo, Path... dirs) {
        List<ResultsRun> runs = new ArrayList<>();
        for (Path d : dirs) {
            runs.add(ResultsRun.read(d));
        }
        return Comparer.compare(runs, null, slo, LevelMetric.TTFT_P99);
    }

    @Test
    void labels_say_what_differs_and_levels_are_the_ratio_of_sums_read_by_column_name() throws IOException {
        Path a = folder(tmp.resolve("a"), "s", "reference", null, level(8, E_A, T_A));
        Path b = folder(tmp.resolve("b"), "s", "reference", 8, level(8, E_B, T_B));
        Comparison cmp = compare(Slo.NONE, a, b);
        assertThat(cmp.configurations()).extracting(Configuration::label)
                .containsExactly("max_num_seqs=default", "max_num_seqs=8");
        Level la = cmp.levels().get(0);
        // 376.5 J / 3090 tokens, the CI from StatisticsTest's worked example
        assertThat(la.jPerToken().value()).isCloseTo(376.5 / 3090, within(1e-15));
        assertThat(la.jPerToken().ciLow()).isCloseTo(0.11653545825647077, within(1e-12));
        assertThat(la.energyJ()).isEqualTo(376.5);
        assertThat(la.tokens()).isEqualTo(3090);
        assertThat(la.windows()).isEqualTo(3);
        assertThat(la.jPerToken().basis()).isEqualTo(IntervalBasis.WINDOWS);
    }

    /*
     * B = 303 / 3000 = 0.101 (se 0.000995004187595878, df 2), A as in StatisticsTest (se 0.0012339368922327895).
     * Python/SciPy, log-ratio with Welch df: ratio 0.8289243027888447, CI 0.797028445938095 .. 0.8620965829459748,
     * i.e. 17.1 % less (95 % CI 13.8–20.3 %).
     */
    @Test
    void difference_at_a_common_rate_matches_the_worked_example() throws IOException {
        Path a = folder(tmp.resolve("a"), "s", "reference", null, level(8, E_A, T_A));
        Path b = folder(tmp.resolve("b"), "s", "reference", 8, level(8, E_B, T_B));
        Comparison cmp = compare(Slo.NONE, a, b);
        Difference d = cmp.differences().get(0);
        assertThat(d.scope()).isEqualTo(Difference.Scope.RATE);
        assertThat(d.contrast().ratio()).isCloseTo(0.8289243027888447, within(1e-13));
        assertThat(d.contrast().ratioLow()).isCloseTo(0.797028445938095, within(1e-10));
        assertThat(d.contrast().ratioHigh()).isCloseTo(0.8620965829459748, within(1e-10));
        assertThat(d.verdict()).isEqualTo("max_num_seqs=8 uses 17.1 % less energy per token than "
                + "max_num_seqs=default (95 % CI 13.8–20.3 %) at 8 req/s");
        assertThat(cmp.differences().get(1).scope()).isEqualTo(Difference.Scope.OPERATING_POINT);
    }

    /* Three cycles, two windows each, whose cycle totals are StatisticsTest's cycle example. */
    @Test
    void several_cycles_make_the_cycles_the_replicates() throws IOException {
        List<W> ws = new ArrayList<>();
        double[][] halves = {{150, 1250}, {165, 1300}, {155, 1275}};
        for (int c = 0; c < 3; c++) {
            for (int w = 0; w < 2; w++) {
                ws.add(W.of(8, halves[c][0], (long) halves[c][1]).cycle(c + 1).window(w));
            }
        }
        Comparison cmp = compare(Slo.NONE, folder(tmp.resolve("a"), "s", "reference", null, ws));
        Level l = cmp.levels().get(0);
        assertThat(l.cycles()).isEqualTo(3);
        assertThat(l.jPerToken().basis()).isEqualTo(IntervalBasis.CYCLES);
        assertThat(l.jPerToken().df()).isEqualTo(2);
        assertThat(l.jPerToken().ciLow()).isCloseTo(0.11380158852239616, within(1e-12));
        assertThat(l.jPerToken().ciHigh()).isCloseTo(0.13195004546453193, within(1e-12));
        assertThat(cmp.configurations().get(0).label()).isEqualTo("s");
    }

    @Test
    void an_invalid_level_is_shown_but_excluded_from_the_verdict_and_the_front() throws IOException {
        Path a = folder(tmp.resolve("a"), "s", "reference", null, level(8, E_A, T_A));
        List<W> bad = level(8, E_B, T_B).stream().map(w -> w.invalid("stability: cv 0.09 > 0.05.")).toList();
        Path b = folder(tmp.resolve("b"), "s", "reference", 8, bad);
        Comparison cmp = compare(Slo.NONE, a, b);
        Difference d = cmp.differences().get(0);
        assertThat(d.compared()).isFalse();
        assertThat(d.verdict()).isEqualTo("not compared at 8 req/s: the level of max_num_seqs=8 is invalid "
                + "(stability: cv 0.09 > 0.05), excluded");
        assertThat(cmp.invalidLevels()).hasSize(1);
        // B is cheaper and as fast, but invalid: A alone is on the front
        assertThat(cmp.levels()).extracting(Level::onParetoFront).containsExactly(true, false);
    }

    @Test
    void operating_point_is_the_highest_valid_rate_meeting_the_slo() throws IOException {
        List<W> ws = new ArrayList<>();
        ws.addAll(level(2, new double[] {30, 30, 30}, new long[] {100, 100, 100}));
        ws.addAll(level(4, new double[] {40, 40, 40}, new long[] {200, 200, 200}).stream()
                .map(w -> w.latency(200, 10)).toList());
        ws.addAll(level(8, new double[] {60, 60, 60}, new long[] {400, 400, 400}).stream()
                .map(w -> w.latency(400, 10)).toList());
        // higher and cheaper, but invalid: never the operating point
        ws.addAll(level(16, new double[] {80, 80, 80}, new long[] {800, 800, 800}).stream()
                .map(w -> w.latency(450, 10).invalid("request failures")).toList());
        Comparison cmp = compare(Slo.parse("ttft_p99_ms=500"), folder(tmp.resolve("a"), "s", "reference", null, ws));
        OperatingPoint op = cmp.operatingPoints().get(0);
        assertThat(op.level().rate()).isEqualTo(8);
        assertThat(op.interpolated()).isFalse();
        assertThat(op.note()).isEqualTo("next rate 16 req/s is invalid: not interpolated");
        // a tighter SLO moves it down: 8 req/s has ttft 400 > 300
        Comparison tight = compare(Slo.parse("ttft_p99_ms=300"), folder(tmp.resolve("a"), "s", "reference", null,
                ws));
        assertThat(tight.operatingPoints().get(0).level().rate()).isEqualTo(4);
        assertThat(compare(Slo.parse("ttft_p99_ms=50"), tmp.resolve("a")).operatingPoints().get(0).found())
                .isFalse();
    }

    /*
     * 4 req/s: ttft 300 ms, J/token 0.2 (120 J / 600 tokens); 8 req/s: ttft 700 ms, 0.15 (180 J / 1200).
     * Bound 500: f = (500 - 300) / (700 - 300) = 0.5 -> rate 4 + 0.5 * 4 = 6 req/s, J/token 0.2 + 0.5 * (0.15 - 0.2)
     * = 0.175 (by hand).
     */
    @Test
    void between_a_passing_and_a_failing_valid_rate_the_boundary_is_interpolated_and_labelled() throws IOException {
        List<W> ws = new ArrayList<>();
        ws.addAll(level(4, new double[] {40, 40, 40}, new long[] {200, 200, 200}).stream()
                .map(w -> w.latency(300, 10)).toList());
        ws.addAll(level(8, new double[] {60, 60, 60}, new long[] {400, 400, 400}).stream()
                .map(w -> w.latency(700, 10)).toList());
        Comparison cmp = compare(Slo.parse("ttft_p99_ms=500"), folder(tmp.resolve("a"), "s", "reference", null, ws));
        OperatingPoint op = cmp.operatingPoints().get(0);
        assertThat(op.level().rate()).isEqualTo(4);
        assertThat(op.interpolated()).isTrue();
        assertThat(op.interpolatedRate()).isCloseTo(6, within(1e-12));
        assertThat(op.interpolatedJPerToken()).isCloseTo(0.175, within(1e-12));
        assertThat(op.note()).contains("interpolated").contains("ttft_p99_ms reaches 500");
    }

    @Test
    void a_level_meets_the_slo_only_when_its_worst_window_does_but_shows_the_mean_over_windows() throws IOException {
        List<W> ws = new ArrayList<>(level(4, new double[] {40, 40, 40}, new long[] {200, 200, 200}));
        ws.set(0, ws.get(0).latency(300, 10));
        ws.set(1, ws.get(1).latency(600, 10));
        ws.set(2, ws.get(2).latency(300, 10));
        Comparison cmp = compare(Slo.parse("ttft_p99_ms=500"), folder(tmp.resolve("a"), "s", "reference", null, ws));
        Level l = cmp.levels().get(0);
        // shown: (300 + 600 + 300) / 3 = 400, the figure By rate and the live table give (LevelFigures)
        assertThat(l.metric(LevelMetric.TTFT_P99)).isEqualTo(400);
        assertThat(l.metric(LevelMetric.TTFT_P99)).isEqualTo(io.joulebench.core.results.LevelFigures.ofRows(l.rows())
                .ttftP99Ms());
        // checked: the worst window, so a mean under the bound does not hide a window over it
        assertThat(l.worst(LevelMetric.TTFT_P99)).isEqualTo(600);
        assertThat(l.sloViolations()).containsExactly("ttft_p99_ms 600 > 500");
    }

    @Test
    void not_a_results_folder_is_a_clear_input_error() throws IOException {
        Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> ResultsRun.read(tmp.resolve("empty"))).isInstanceOf(CompareInputException.class)
                .hasMessageContaining("is not a results folder: it has no windows.csv");
        assertThatThrownBy(() -> ResultsRun.read(tmp.resolve("nope"))).isInstanceOf(CompareInputException.class)
                .hasMessageContaining("no such folder");
    }

    @Test
    void slo_keys_are_checked() {
        assertThat(Slo.parse("ttft_p99_ms=500, tpot_p99=50").bounds()).hasSize(2);
        assertThatThrownBy(() -> Slo.parse("ttft_p98_ms=500")).isInstanceOf(io.joulebench.core.slo.SloFormatException.class)
                .hasMessageStartingWith("--slo: unknown key 'ttft_p98_ms'; known keys: ttft_p50_ms");
        assertThatThrownBy(() -> Slo.parse("ttft_p99_ms=fast")).hasMessageContaining("is not a number");
        assertThatThrownBy(() -> Slo.parse("ttft_p99_ms")).hasMessageContaining("is not key=value");
    }

    @Test
    void labels_use_the_shortest_unambiguous_key_and_fall_back_to_the_folder() {
        List<String> l = ConfigLabels.labels(List.of(
                java.util.Map.of("engine", "vllm", "vllm.max_num_seqs", "64", "sglang.max_num_seqs", "default"),
                java.util.Map.of("engine", "sglang", "vllm.max_num_seqs", "default", "sglang.max_num_seqs", "256")),
                List.of("f1", "f2"));
        assertThat(l.get(0)).contains("engine=vllm").contains("vllm.max_num_seqs=64");
        assertThat(ConfigLabels.labels(List.of(java.util.Map.of("a", "1"), java.util.Map.of("a", "1")),
                List.of("run-1", "run-2"))).containsExactly("run-1", "run-2");
    }

    @Test
    void unpicked_cells_leave_the_comparison_and_a_configuration_without_cells_drops_out() throws IOException {
        List<W> ws = new ArrayList<>(level(4, E_A, T_A));
        ws.addAll(level(8, E_A, T_A));
        Path a = folder(tmp.resolve("a"), "s", "reference", null, ws);
        Path b = folder(tmp.resolve("b"), "s", "reference", 8, level(8, E_B, T_B));
        ResultsRun ra = ResultsRun.read(a);
        ResultsRun rb = ResultsRun.read(b);
        assertThat(Comparer.cells(ra)).hasSize(2).containsValues(4.0, 8.0);
        Comparer.CellKey a4 = Comparer.cells(ra).keySet().iterator().next();
        Comparison cmp = Comparer.compare(List.of(ra, rb), null, Slo.NONE, LevelMetric.TTFT_P99, k -> !k.equals(a4));
        assertThat(cmp.levels()).extracting(Level::rate).containsExactly(8.0, 8.0);
        Comparison onlyA = Comparer.compare(List.of(ra, rb), null, Slo.NONE, LevelMetric.TTFT_P99,
                k -> k.folder().equals(ra.folder()));
        assertThat(onlyA.configurations()).hasSize(1);
    }
}

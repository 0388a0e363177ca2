package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.compare.CompareFixtures;
import io.joulebench.core.compare.ComparisonReport;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code joulebench compare}: exit codes, the printed sections, the CSV against windows.csv, the HTML report. */
class CompareCommandTest {

    @TempDir
    Path tmp;

    record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine(() -> new FakeSessionRunner(0));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return new Run(cl.execute(args), out.toString(), err.toString());
    }

    /** A quickstart run through the fake session runner: the real folder layout, made in well under a second. */
    private Path quickstart(String name) throws IOException {
        Path out = tmp.resolve(name);
        assertThat(run("run", "examples/quickstart.yaml", "--out", out.toString()).exit()).isZero();
        try (Stream<Path> s = Files.list(out)) {
            return s.findFirst().orElseThrow();
        }
    }

    @Test
    void not_a_results_folder_exits_2_with_one_line() throws IOException {
        Path a = quickstart("a");
        Files.createDirectories(tmp.resolve("empty"));
        Run r = run("compare", a.toString(), tmp.resolve("empty").toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).startsWith("joulebench: ").contains("is not a results folder: it has no windows.csv")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void a_cut_windows_csv_gives_the_same_comparison_as_the_whole_one_or_is_refused() throws IOException {
        Path a = quickstart("a");
        Path b = quickstart("b");
        String whole = run("compare", a.toString(), b.toString()).out();
        Path windows = b.resolve("windows.csv");
        String text = Files.readString(windows);
        int lastRow = text.lastIndexOf('\n', text.length() - 2) + 1;
        Files.writeString(windows, text.substring(0, lastRow + (text.length() - lastRow) / 2));

        Run cut = run("compare", a.toString(), b.toString());
        assertThat(cut.exit()).as(cut.err()).isZero();
        assertThat(cut.out()).as("the windows come from the bundles, never from the cut row").isEqualTo(whole);

        Files.delete(b.resolve("manifest.json"));
        Run refused = run("compare", a.toString(), b.toString());
        assertThat(refused.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err().strip().lines()).hasSize(1).first().asString()
                .contains("windows.csv is not whole", "was not used");
        assertThat(refused.out()).isEmpty();
    }

    @Test
    void an_unknown_slo_key_or_latency_exits_2_naming_it() throws IOException {
        Path a = quickstart("a");
        Run r = run("compare", a.toString(), "--slo", "ttft_p99_ms=500,latency_ms=3");
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("--slo: unknown key 'latency_ms'").doesNotContain("Exception");
        Run l = run("compare", a.toString(), "--latency", "goodput_tokens_s");
        assertThat(l.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(l.err()).contains("--latency: unknown percentile 'goodput_tokens_s'");
        assertThat(run("compare").exit()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void compares_two_runs_and_the_csv_agrees_with_their_windows() throws IOException {
        Path a = quickstart("a");
        Path b = quickstart("b");
        Path csv = tmp.resolve("out/cmp.csv");
        Path html = tmp.resolve("out/cmp.html");
        Files.createDirectories(csv.getParent());
        Run r = run("compare", a.toString(), b.toString(), "--baseline", a.toString(), "--slo",
                "ttft_p99_ms=500,tpot_p99_ms=50", "--csv", csv.toString(), "--html", html.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("label").contains("J/token").contains("ci_low")
                .contains("Operating points at the SLO (ttft_p99_ms ≤ 500, tpot_p99_ms ≤ 50)")
                .contains("Differences to the baseline");
        WindowsCsvTable rows = WindowsCsvTable.read(csv);
        assertThat(rows.columns()).contains("row_kind", "label", "results_dir", "config_hash", "rate_req_s",
                "j_per_token", "j_per_token_ci_low", "j_per_token_ci_high", "level_valid", "on_pareto_front",
                "ttft_p99_ms");
        List<WindowRow> levels = rows.rows().stream().filter(x -> x.raw("row_kind").equals("level")).toList();
        assertThat(levels).hasSize(6);
        assertThat(rows.rows()).anyMatch(x -> x.raw("row_kind").equals("operating_point"));
        assertThat(rows.rows()).filteredOn(x -> x.raw("row_kind").equals("difference"))
                .allMatch(x -> !x.raw("verdict").isEmpty()).isNotEmpty();
        for (WindowRow level : levels) {
            Path dir = Path.of(level.text("results_dir"));
            List<WindowRow> windows = WindowsCsvTable.readFolder(dir).rows().stream()
                    .filter(w -> level.raw("config_hash").equals(w.raw("config_hash"))).toList();
            assertThat(windows).hasSize(3);
            double e = windows.stream().mapToDouble(w -> w.number("energy_j").orElseThrow()).sum();
            double t = windows.stream().mapToDouble(w -> w.number("output_tokens").orElseThrow()).sum();
            assertThat(level.number("j_per_token").orElseThrow()).isCloseTo(e / t, within(1e-12));
            assertThat(level.number("rate_req_s")).isEqualTo(windows.get(0).rate());
            assertThat(level.number("energy_j").orElseThrow()).isCloseTo(e, within(1e-9));
            boolean allValid = windows.stream().allMatch(w -> w.levelValid().orElse(false));
            assertThat(level.bool("level_valid")).contains(allValid);
            // the level figure By rate shows: the mean of the windows' ttft_p99_ms (LevelFigures)
            double meanTtft = windows.stream().mapToDouble(w -> w.ttftP99Ms().orElse(Double.NaN)).average()
                    .orElseThrow();
            assertThat(level.number("ttft_p99_ms").orElseThrow()).isCloseTo(meanTtft, within(1e-9));
        }
        String report = Files.readString(html);
        assertThat(report.toLowerCase(Locale.ROOT)).doesNotContain("http:").doesNotContain("https:")
                .doesNotContain("<script").doesNotContain("<link").doesNotContain("<img").doesNotContain("url(")
                .doesNotContain("@import");
        for (String id : ComparisonReport.SECTIONS) {
            assertThat(report).contains("<section id=\"" + id + "\">");
        }
        assertThat(report).contains("<svg").contains("SIMULATED energy");
    }

    @Test
    void two_quickstart_runs_that_differ_in_one_setting_are_labelled_by_it_and_get_a_verdict() throws IOException {
        Path a = quickstart("a");
        // the same quickstart with the reference engine's batch cap set: the one setting that differs
        Path study = tmp.resolve("quickstart-seqs8.yaml");
        Files.writeString(study, Files.readString(Path.of("examples/quickstart.yaml"))
                + "reference: {max_num_seqs: 8}\n");
        Path out = tmp.resolve("b");
        assertThat(run("run", study.toString(), "--out", out.toString()).exit()).isZero();
        Path b;
        try (Stream<Path> s = Files.list(out)) {
            b = s.findFirst().orElseThrow();
        }

        Run r = run("compare", a.toString(), b.toString(), "--baseline", a.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        // labels name what differs, never a hash or the folder: A has the engine's default, B the value set
        assertThat(lines).anyMatch(l -> l.startsWith("max_num_seqs=8 ")).anyMatch(l -> l.startsWith(
                "max_num_seqs=default "));
        assertThat(r.out()).contains("Differences to the baseline max_num_seqs=default:");
        assertThat(lines).filteredOn(l -> l.contains("max_num_seqs=8") && (l.contains("energy per token than")
                || l.contains("no difference resolved"))).isNotEmpty();
        assertThat(r.out()).doesNotContain("config_hash=").doesNotContain(a.getFileName().toString() + " ");
    }

    @Test
    void a_baseline_outside_the_list_is_added_first_and_the_chosen_latency_is_printed() throws IOException {
        // identical settings in two folders of the same name: labelled by parent/folder
        Path x = CompareFixtures.folder(tmp.resolve("x/run"), "s", "reference", null,
                CompareFixtures.level(8, new double[] {120, 131, 125.5}, new long[] {1000, 1080, 1010}));
        Path y = CompareFixtures.folder(tmp.resolve("y/run"), "s", "reference", null,
                CompareFixtures.level(8, new double[] {100, 104, 99}, new long[] {1000, 1010, 990}));
        Run r = run("compare", x.toString(), "--baseline", y.toString(), "--latency", "e2e_p99");
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("label").contains("e2e_p99");
        assertThat(lines.get(1)).startsWith("y/run ");
        assertThat(lines.get(2)).startsWith("x/run ");
        assertThat(r.out()).contains("front: not dominated on (J/token, e2e_p99_ms)")
                .contains("Differences to the baseline y/run:")
                .contains("x/run uses 20.6 % more energy per token than y/run");
    }
}

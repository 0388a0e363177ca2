package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.testing.JoulebenchChild;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first run, for real: {@code joulebench run} of examples/quickstart.yaml in a child JVM on the in-process
 * reference engine and the real clock, with three arrival seeds (7, the file's own, unchanged; then 11 and 13).
 * <ul>
 *   <li>Issue 7 acceptance 2, on every seed run: it completes; windows.csv has 9 rows with every column of
 *       {@link WindowsCsvColumns#ALL} in order; every row's energy is {@code simulated} with its ground truth
 *       ({@code energy_truth_j}); no request fails, so no level is failed by the request-failure rule; each of the 3
 *       cells is credited with 3 windows.</li>
 *   <li>The stability gate: every level is valid in at least two of the three seeds. Seeds run in order and stop
 *       once the outcome is decided (two all-valid seeds pass it, two that are not fail it), so the third runs only
 *       when the first two split.</li>
 * </ul>
 * About two minutes per seed, so an IT; {@code QuickstartPrecisionTest} covers 40 seeds on the engine's model in the
 * unit stage.
 */
class QuickstartGateIT {

    private static final long[] SEEDS = {7, 11, 13};
    private static final int NEEDED = 2;

    @TempDir
    Path tmp;

    @Test
    void the_quickstart_runs_to_its_end_with_nine_simulated_windows_and_is_valid_at_every_level_in_most_seeds()
            throws Exception {
        String yaml = Files.readString(Path.of("examples/quickstart.yaml"), StandardCharsets.UTF_8);
        assertThat(yaml).contains("seed: " + SEEDS[0]);
        int allValid = 0;
        int run = 0;
        for (long seed : SEEDS) {
            if (allValid >= NEEDED || allValid + (SEEDS.length - run) < NEEDED) {
                break; // decided: the seeds left cannot change the outcome
            }
            Path study = seed == SEEDS[0] ? Path.of("examples/quickstart.yaml").toAbsolutePath()
                    : Files.writeString(tmp.resolve("quickstart-" + seed + ".yaml"),
                            yaml.replace("seed: " + SEEDS[0], "seed: " + seed));
            List<WindowRow> rows = runToTheEnd(study, tmp.resolve("s" + seed));
            boolean valid = rows.stream().allMatch(r -> r.levelValid().orElse(false));
            System.out.printf("quickstart seed %d: every level valid: %s%n", seed, valid);
            allValid += valid ? 1 : 0;
            run++;
        }
        assertThat(allValid).as("seeds with every level valid, of " + run + " run").isGreaterThanOrEqualTo(NEEDED);
    }

    /** Runs the study through the CLI to its end and checks what issue 7 asks of its folder; the windows' rows. */
    private static List<WindowRow> runToTheEnd(Path study, Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (JoulebenchChild run = JoulebenchChild.start(dir.resolve("home"), List.of("run", study.toString(),
                "--out", out.toString()))) {
            assertThat(run.waitFor(Duration.ofSeconds(240))).as(run.output()).isZero();
            assertThat(run.output()).contains("study finished in").doesNotContain("\tat io.joulebench");
        }
        Path folder = ResultsChecks.onlyFolder(out);
        ResultsChecks.assertConsistent(folder);

        List<List<String>> csv;
        try (Reader r = Files.newBufferedReader(folder.resolve("windows.csv"), StandardCharsets.UTF_8)) {
            csv = new CsvReader(r).readAll();
        }
        assertThat(csv.getFirst()).as("windows.csv header").containsExactlyElementsOf(WindowsCsvColumns.ALL);
        List<WindowRow> rows = new ArrayList<>(
                csv.subList(1, csv.size()).stream().map(v -> WindowRow.of(csv.getFirst(), v)).toList());
        assertThat(rows).hasSize(9).allSatisfy(r -> {
            assertThat(r.raw(WindowsCsvColumns.ENERGY_KIND)).isEqualTo("simulated");
            assertThat(r.number("energy_truth_j")).as("energy_truth_j").isPresent();
            assertThat(r.number("energy_truth_j").getAsDouble()).isPositive();
            assertThat(r.number(WindowsCsvColumns.ENERGY_J)).isPresent();
            assertThat(r.raw("errors")).as("errors").isEqualTo("0");
            assertThat(r.raw("timeouts")).as("timeouts").isEqualTo("0");
            assertThat(r.invalidReason()).doesNotContain("request failures");
            assertThat(r.levelValid()).as("level_valid").isPresent();
        });
        assertThat(rows).extracting(r -> r.raw(WindowsCsvColumns.RATE_REQ_S))
                .containsOnly("16", "28", "40");
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells).hasSize(3).allSatisfy(c -> {
            assertThat(c.credited()).as(String.valueOf(c.reason())).isTrue();
            assertThat(c.windowIds()).hasSize(3);
        });
        return rows;
    }
}

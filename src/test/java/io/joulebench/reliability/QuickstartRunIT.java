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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 7 acceptance 2 on the real thing: {@code joulebench run examples/quickstart.yaml}, unchanged, in a child JVM
 * on the in-process reference engine. It completes; windows.csv has 9 rows with every column of
 * {@link WindowsCsvColumns#ALL} in order; every row's energy is {@code simulated} with its ground truth
 * ({@code energy_truth_j}); and its rates are clean on the reference engine: no request fails, so no level is
 * failed by the request-failure rule (the stability gate may still judge the low rates unsteady).
 */
class QuickstartRunIT {

    @TempDir
    Path tmp;

    @Test
    void the_quickstart_runs_to_its_end_with_nine_simulated_windows_and_every_column() throws Exception {
        Path out = tmp.resolve("out");
        try (JoulebenchChild run = JoulebenchChild.start(tmp.resolve("home"), List.of("run",
                Path.of("examples/quickstart.yaml").toAbsolutePath().toString(), "--out", out.toString()))) {
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
        List<WindowRow> rows = csv.subList(1, csv.size()).stream().map(v -> WindowRow.of(csv.getFirst(), v)).toList();
        assertThat(rows).hasSize(9).allSatisfy(r -> {
            assertThat(r.raw(WindowsCsvColumns.ENERGY_KIND)).isEqualTo("simulated");
            assertThat(r.number("energy_truth_j")).as("energy_truth_j").isPresent();
            assertThat(r.number("energy_truth_j").getAsDouble()).isPositive();
            assertThat(r.number(WindowsCsvColumns.ENERGY_J)).isPresent();
            assertThat(r.raw("errors")).as("errors").isEqualTo("0");
            assertThat(r.raw("timeouts")).as("timeouts").isEqualTo("0");
            assertThat(r.invalidReason()).doesNotContain("request failures");
        });
        assertThat(rows).extracting(r -> r.raw(WindowsCsvColumns.RATE_REQ_S))
                .containsOnly("16", "28", "40");
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells).hasSize(3).allSatisfy(c -> {
            assertThat(c.credited()).as(String.valueOf(c.reason())).isTrue();
            assertThat(c.windowIds()).hasSize(3);
        });
    }
}

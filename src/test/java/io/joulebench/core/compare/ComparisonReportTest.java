package io.joulebench.core.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static io.joulebench.core.compare.CompareFixtures.W;
import static io.joulebench.core.compare.CompareFixtures.folder;
import static io.joulebench.core.compare.CompareFixtures.level;
import static org.assertj.core.api.Assertions.assertThat;

class ComparisonReportTest {

    @TempDir
    Path tmp;

    private Comparison comparison(String kind) throws IOException {
        List<W> a = new ArrayList<>(level(4, new double[] {40, 40, 40}, new long[] {200, 200, 200}));
        a.addAll(level(8, new double[] {60, 61, 59}, new long[] {400, 400, 400}).stream()
                .map(w -> w.latency(700, 10)).toList());
        List<W> b = new ArrayList<>(level(4, new double[] {30, 31, 30}, new long[] {200, 200, 200}));
        b.addAll(level(8, new double[] {50, 51, 49}, new long[] {400, 400, 400}).stream()
                .map(w -> w.invalid("stability gate <b>failed</b>")).toList());
        Path fa = folder(tmp.resolve("a"), "s", "vllm", null, a);
        Path fb = folder(tmp.resolve("b"), "s", "sglang", null, b);
        for (Path f : List.of(fa, fb)) {
            Path csv = f.resolve("windows.csv");
            Files.writeString(csv, Files.readString(csv).replace("measured", kind));
        }
        return Comparer.compare(List.of(ResultsRun.read(fa), ResultsRun.read(fb)), null,
                Slo.parse("ttft_p99_ms=500"), LevelMetric.TTFT_P99);
    }

    @Test
    void the_report_has_every_section_fetches_nothing_and_escapes_text() throws IOException {
        String html = ComparisonReport.html(comparison("measured"), Instant.parse("2026-12-01T20:00:00Z"));
        for (String id : ComparisonReport.SECTIONS) {
            assertThat(html).contains("<section id=\"" + id + "\">");
        }
        String lower = html.toLowerCase(Locale.ROOT);
        assertThat(lower).doesNotContain("http").doesNotContain("<script").doesNotContain("src=")
                .doesNotContain("href=").doesNotContain("url(");
        assertThat(html).contains("engine=sglang").contains("stability gate &lt;b&gt;failed&lt;/b&gt;")
                .doesNotContain("<b>failed");
        assertThat(html).contains("<em>interpolated</em>");
        assertThat(html).doesNotContain("SIMULATED").doesNotContain("class=\"banner\"");
        assertThat(html).containsOnlyOnce("<h1>");
        assertThat(html.split("<svg ", -1)).hasSize(3);
    }

    @Test
    void the_compared_section_names_the_machine_and_each_configurations_engine_version() throws IOException {
        List<W> a = level(4, new double[] {40, 40, 40}, new long[] {200, 200, 200});
        List<W> b = level(4, new double[] {30, 31, 30}, new long[] {200, 200, 200});
        Path fa = folder(tmp.resolve("a"), "s", "vllm", null, a);
        Path fb = folder(tmp.resolve("b"), "s", "sglang", null, b);
        ObjectMapper json = new ObjectMapper();
        // a: host in resolved.json (as run writes it); b: an older resolved.json without it, the bundle has it
        ObjectNode resolved = (ObjectNode) json.readTree(fa.resolve("resolved.json").toFile());
        resolved.put("host_name", "gpu-node-7");
        Files.writeString(fa.resolve("resolved.json"), json.writeValueAsString(resolved));
        bundle(fa, "vllm 0.11.0", "gpu-node-7");
        bundle(fb, "sglang (image lmsysorg/sglang:latest, version not reported)", "gpu-node-9");

        String html = ComparisonReport.html(Comparer.compare(List.of(ResultsRun.read(fa), ResultsRun.read(fb)),
                null, Slo.parse("ttft_p99_ms=500"), LevelMetric.TTFT_P99), Instant.parse("2026-12-01T20:00:00Z"));

        String compared = html.substring(html.indexOf("<section id=\"compared\">"),
                html.indexOf("</section>", html.indexOf("<section id=\"compared\">")));
        assertThat(compared).contains("<th>machine</th>").contains("<th>engine version</th>")
                .contains("<td>gpu-node-7</td>").contains("<td>gpu-node-9</td>").contains("<td>vllm 0.11.0</td>")
                .contains("<td>sglang (image lmsysorg/sglang:latest, version not reported)</td>");
    }

    @Test
    void a_folder_without_host_or_engine_version_says_not_recorded() throws IOException {
        String html = ComparisonReport.html(comparison("measured"), Instant.parse("2026-12-01T20:00:00Z"));
        String compared = html.substring(html.indexOf("<section id=\"compared\">"),
                html.indexOf("</section>", html.indexOf("<section id=\"compared\">")));
        assertThat(compared).contains("<th>machine</th>").contains("<td>not recorded</td>");
    }

    /** A result.json in the first window's bundle of each config hash, as the bundle writer lays it out. */
    private static void bundle(Path folder, String engineVersion, String host) throws IOException {
        ObjectMapper json = new ObjectMapper();
        java.util.Set<String> hashes = new java.util.HashSet<>();
        for (io.joulebench.core.results.WindowRow r : io.joulebench.core.results.WindowsCsvTable.readFolder(folder)
                .rows()) {
            if (hashes.add(r.text("config_hash"))) {
                ObjectNode result = json.createObjectNode();
                result.put("tool_version", "test");
                result.put("host_name", host);
                result.putObject("session").put("engine_version", engineVersion);
                Path dir = Files.createDirectories(folder.resolve(r.experimentId()));
                Files.writeString(dir.resolve("result.json"), json.writeValueAsString(result));
            }
        }
    }

    @Test
    void simulated_data_is_named_in_the_title_and_on_every_plot() throws IOException {
        String html = ComparisonReport.html(comparison("simulated"), Instant.parse("2026-12-01T20:00:00Z"));
        assertThat(html).contains("<title>Joulebench comparison: engine=vllm vs engine=sglang — SIMULATED energy");
        assertThat(html).contains("class=\"banner\"");
        String[] plots = html.split("<svg ", -1);
        for (int i = 1; i < plots.length; i++) {
            assertThat(plots[i].substring(0, plots[i].indexOf("</svg>"))).contains("class=\"watermark\">SIMULATED "
                    + "energy</text>").contains("— SIMULATED energy</text>");
        }
    }
}

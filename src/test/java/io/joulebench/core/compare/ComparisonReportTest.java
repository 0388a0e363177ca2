package io.joulebench.core.compare;

import static io.joulebench.core.compare.CompareFixtures.W;
import static io.joulebench.core.compare.CompareFixtures.folder;
import static io.joulebench.core.compare.CompareFixtures.level;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

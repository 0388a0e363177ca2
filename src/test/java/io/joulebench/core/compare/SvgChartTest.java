package io.joulebench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report's charts keep every legend entry whole inside the picture. */
class SvgChartTest {

    /** Generous for an 11 px sans-serif font: wider than any of its glyphs but "m" and "w". */
    private static final double CHAR_WIDTH = 6.6;

    @Test
    void two_series_of_one_study_keep_their_whole_names_inside_the_chart() {
        // Issue 35 item 19: the legend started 190 px from the right edge and cut both names to
        // "max_output_tokens=64 (quickstart-202612…", so the two series could not be told apart.
        String a = "max_output_tokens=64 (quickstart-20261206T081500Z, cycle 1 of the second session)";
        String b = "max_output_tokens=64 (quickstart-20261206T091500Z, cycle 1 of the second session)";
        SvgChart chart = new SvgChart("J/token vs rate", "rate", "J / output token", null)
                .add(new SvgChart.Series(a, List.of(new SvgChart.Point(8, 0.1, 0.09, 0.11, false, false, "p")), true))
                .add(new SvgChart.Series(b, List.of(new SvgChart.Point(16, 0.2, 0.19, 0.21, false, false, "q")), true));
        String svg = chart.svg();
        Matcher size = Pattern.compile("viewBox=\"0 0 (\\d+) (\\d+)\"").matcher(svg);
        assertThat(size.find()).isTrue();
        int width = Integer.parseInt(size.group(1));
        int height = Integer.parseInt(size.group(2));
        for (String name : List.of(a, b)) {
            Matcher m = Pattern.compile("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\"[^>]*text-anchor=\"start\"[^>]*>"
                    + Pattern.quote(name) + "</text>").matcher(svg);
            assertThat(m.find()).as("a legend entry for %s", name).isTrue();
            double x = Double.parseDouble(m.group(1));
            double y = Double.parseDouble(m.group(2));
            assertThat(x + CHAR_WIDTH * name.length()).as("right end of %s", name).isLessThanOrEqualTo(width);
            assertThat(y).isLessThanOrEqualTo(height);
        }
    }
}

package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SeriesNamesTest {

    private static WindowRow row(String cap) {
        Map<String, String> cells = new LinkedHashMap<>();
        cells.put("study_name", "capped");
        cells.put("concurrency_cap", cap);
        return new WindowRow(cells);
    }

    @Test
    void an_empty_setting_reads_none_in_the_legend_not_an_empty_value() {
        List<WindowRow> rows = List.of(row(""), row("8"));
        var names = SeriesNames.forRows(rows);
        assertThat(names.apply(rows.get(0))).isEqualTo("capped (concurrency_cap=none)");
        assertThat(names.apply(rows.get(1))).isEqualTo("capped (concurrency_cap=8)");
    }
}

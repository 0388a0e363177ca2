package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowsCsvColumns;
import org.junit.jupiter.api.Test;

/** Issue 31: the Results table shows level and window numbers from 1, as every view does; files keep 0-based. */
class TableNumberTest {

    @Test
    void level_and_window_cells_read_from_one_and_sort_by_the_files_index() {
        TableNumber window = TableNumber.shown(WindowsCsvColumns.WINDOW_INDEX, 0, 4);
        TableNumber level = TableNumber.shown(WindowsCsvColumns.LEVEL_INDEX, 2, 4);

        assertThat(window.text()).isEqualTo("1");
        assertThat(window.value()).as("sorted and filtered by the file's index").isZero();
        assertThat(level.text()).isEqualTo("3");
        assertThat(level.value()).isEqualTo(2.0);
        assertThat(window).isLessThan(level);
    }

    @Test
    void other_columns_show_their_value() {
        assertThat(TableNumber.shown(WindowsCsvColumns.CYCLE, 0, 4).text()).isEqualTo("0");
        assertThat(TableNumber.shown(WindowsCsvColumns.J_PER_TOKEN, 0.5, 4).text())
                .isEqualTo(TableNumber.of(0.5, 4).text());
    }
}

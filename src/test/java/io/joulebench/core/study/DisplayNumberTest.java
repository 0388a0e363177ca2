package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DisplayNumberTest {

    @ParameterizedTest
    @CsvSource({"0, 1", "2, 3", "41, 42"})
    void a_files_index_reads_from_one(int index, int shown) {
        assertThat(DisplayNumber.of(index)).isEqualTo(shown);
        assertThat(DisplayNumber.of(Integer.toString(index))).isEqualTo(Integer.toString(shown));
    }

    @ParameterizedTest
    @CsvSource(value = {"''", "n/a", "1.5"}, quoteCharacter = '\'')
    void a_cell_that_is_not_an_index_is_shown_as_written(String cell) {
        assertThat(DisplayNumber.of(cell)).isEqualTo(cell);
    }

    @ParameterizedTest
    @CsvSource({"0, 3, 1/3", "2, 3, 3/3"})
    void an_index_of_a_count_reads_as_a_progress_line_says_it(int index, int count, String shown) {
        assertThat(DisplayNumber.ofCount(index, count)).isEqualTo(shown);
    }
}

package io.joulebench.core.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReaderTest {

    private static List<List<String>> read(String text) throws IOException {
        return new CsvReader(new StringReader(text)).readAll();
    }

    @Test
    void reads_quoted_cells_with_commas_doubled_quotes_and_newlines() throws IOException {
        assertThat(read("a,b\r\n\"x, y\",\"say \"\"hi\"\"\r\nthere\"\r\n"))
                .containsExactly(List.of("a", "b"), List.of("x, y", "say \"hi\"\r\nthere"));
    }

    @Test
    void accepts_lf_line_ends_a_missing_final_newline_and_empty_cells() throws IOException {
        assertThat(read("a,b,c\n1,,3\n,,")).containsExactly(List.of("a", "b", "c"), List.of("1", "", "3"),
                List.of("", "", ""));
    }

    @Test
    void skips_blank_lines_but_keeps_a_quoted_empty_cell() throws IOException {
        assertThat(read("a\n\n\"\"\n")).containsExactly(List.of("a"), List.of(""));
    }

    @Test
    void an_unclosed_quote_is_an_error_naming_the_line() {
        assertThatThrownBy(() -> read("a\n\"open")).isInstanceOf(IOException.class).hasMessageContaining("line 2");
    }
}

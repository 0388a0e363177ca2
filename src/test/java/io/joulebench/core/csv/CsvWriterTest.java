package io.joulebench.core.csv;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CsvWriterTest {

    private static String write(List<String> header, List<?> row) throws Exception {
        StringWriter out = new StringWriter();
        CsvWriter csv = new CsvWriter(out, WindowsCsvColumns::kind);
        csv.writeHeader(header);
        csv.writeRow(row);
        return out.toString();
    }

    @Test
    void quotes_commas_quotes_and_line_breaks_per_rfc_4180() throws Exception {
        String csv = write(List.of("rate_req_s", "invalid_reason"), List.of(2, "cv 7%, above \"5%\"\nlimit"));
        assertThat(csv).isEqualTo("rate_req_s,invalid_reason\r\n2,\"cv 7%, above \"\"5%\"\"\nlimit\"\r\n");
    }

    @Test
    void null_is_empty_and_booleans_are_lowercase_words() throws Exception {
        String csv = write(List.of("energy_truth_j", "level_valid", "slo_pass"), Arrays.asList(null, true, false));
        assertThat(csv).endsWith("\r\n,true,false\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"=HYPERLINK(\"x\")", "+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"})
    void user_text_that_starts_a_formula_is_prefixed_and_quoted(String evil) {
        String cell = CsvWriter.cell(evil, CsvCells.Kind.TEXT);
        assertThat(cell).startsWith("\"'");
        assertThat(new WindowRow(java.util.Map.of("model", parse(cell))).text("model")).isEqualTo(evil);
    }

    @Test
    void numeric_columns_are_never_neutralised() throws Exception {
        String csv = write(List.of("study_name", "baseline_power_w", "cross_check_rel_diff"),
                List.of("-neg", -12.5, "-0.03"));
        assertThat(csv).endsWith("\r\n\"'-neg\",-12.5,-0.03\r\n");
    }

    @Test
    void an_unknown_column_neutralises_formulas_but_not_plain_numbers() throws Exception {
        String csv = write(List.of("study_name", "extra_a", "extra_b", "extra_c", "extra_d"),
                List.of("s", "-12.5", "+3e-2", "-1+1", "=cmd|' /C calc'!A0"));
        assertThat(csv).endsWith("\r\ns,-12.5,+3e-2,\"'-1+1\",\"'=cmd|' /C calc'!A0\"\r\n");
    }

    @Test
    void cells_past_the_header_are_unknown_columns() throws Exception {
        String csv = write(List.of("study_name"), List.of("s", "-4", "@x"));
        assertThat(csv).endsWith("\r\ns,-4,\"'@x\"\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-12.5", "+3", "0", ".5", "-1e-7", "12."})
    void plain_decimals_are_numbers(String number) {
        assertThat(CsvCells.isPlainNumber(number)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1+1", "-Infinity", "NaN", "0x1p3", "-1d", "1,5", "", "-", "--1", "- 1"})
    void formulas_and_java_only_numbers_are_not_plain_decimals(String text) {
        assertThat(CsvCells.isPlainNumber(text)).isFalse();
    }

    @Test
    void numbers_use_a_dot_whatever_the_default_locale() throws Exception {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(write(List.of("j_per_token", "energy_j"), List.of(0.0123, 1234567.5)))
                    .endsWith("\r\n0.0123,1234567.5\r\n");
            assertThat(CsvWriter.format(3.0)).isEqualTo("3");
            assertThat(CsvWriter.format(1e-7)).isEqualTo("0.0000001");
            assertThat(CsvWriter.format(Double.NaN)).isEmpty();
        } finally {
            Locale.setDefault(before);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"plain|plain", "'quoted'|'quoted'", "'=x|=x"})
    void text_accessor_removes_only_a_neutralising_prefix(String stored, String shown) {
        assertThat(new WindowRow(java.util.Map.of("model", stored)).text("model")).isEqualTo(shown);
    }

    private static String parse(String cell) {
        try {
            return new CsvReader(new StringReader(cell)).readRecord().get(0);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}

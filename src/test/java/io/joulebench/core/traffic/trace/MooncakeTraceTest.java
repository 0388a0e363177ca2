package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.TraceEntry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MooncakeTraceTest {

    @TempDir
    Path dir;

    @Test
    void reads_milliseconds_lengths_and_hash_ids_ignoring_other_fields() throws Exception {
        Path file = TraceFiles.write(dir, "t.jsonl", """
                {"timestamp": 1000, "input_length": 655, "output_length": 52, "hash_ids": [46, 47]}

                {"timestamp": 1000, "input_length": 672, "output_length": 26, "hash_ids": [46, 47, 48], "note": {"a": [1]}}
                {"hash_ids": [], "output_length": 5, "input_length": 12.0, "timestamp": 27482}
                """);
        TraceSlice slice = TraceFiles.whole(file, null);
        assertThat(slice.summary().format()).isEqualTo(TraceFormat.MOONCAKE);
        assertThat(slice.rows()).extracting(TraceEntry::offsetSeconds).containsExactly(0.0, 0.0, 26.482);
        assertThat(slice.rows()).extracting(TraceEntry::inputTokens).containsExactly(655, 672, 12);
        assertThat(slice.rows()).extracting(TraceEntry::outputTokens).containsExactly(52, 26, 5);
        assertThat(slice.rows().get(1).hashIds()).containsExactly(46, 47, 48);
        assertThat(slice.rows().get(2).hashIds()).isEmpty();
        assertThat(slice.summary().hasHashIds()).isTrue();
        assertThat(slice.summary().skipped()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"timestamp\": 0, \"input_length\": 1}\\n{\"timestamp\": \"soon\", \"input_length\": 1}|2|timestamp must be a number",
        "{\"timestamp\": 0, \"input_length\": 1}\\n{\"timestamp\": -5, \"input_length\": 1}|2|timestamp must be a finite number ≥ 0",
        "{\"timestamp\": 900, \"input_length\": 1}\\n{\"timestamp\": 500, \"input_length\": 1}|2|timestamp 500 is before the previous row's 900",
        "{\"timestamp\": 0, \"input_length\": -3}|1|input_length must be a whole number ≥ 0 (got '-3': negative)",
        "{\"timestamp\": 0, \"input_length\": 3, \"output_length\": 2.5}|1|output_length must be a whole number ≥ 0 (got '2.5': fractional)",
        "{\"timestamp\": 0, \"output_length\": 3}|1|missing field input_length",
        "{\"input_length\": 3}|1|missing field timestamp",
        "{\"timestamp\": 0, \"input_length\": 3, \"hash_ids\": [1, \"x\"]}|1|hash_ids[1] must be a whole number",
        "{\"timestamp\": 0, \"input_length\": 3}\\n{\"timestamp\": 1, |2|is not valid JSON",
        "\\n\\n|2|the trace is empty",
    })
    void malformed_lines_name_file_line_and_field(String content, int line, String expected) throws Exception {
        TraceFiles.failsAt(TraceFiles.write(dir, "t.jsonl", content), null, line, expected);
    }

    @Test
    void a_forced_mooncake_on_a_csv_is_an_error_at_its_first_line() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", "# a comment\nTIMESTAMP,ContextTokens,GeneratedTokens\n");
        TraceFiles.failsAt(file, TraceFormat.MOONCAKE, 2, "format: mooncake was named but the file looks like azure");
        Path unknown = TraceFiles.write(dir, "u.csv", "when,what\n1,2\n");
        TraceFiles.failsAt(unknown, TraceFormat.MOONCAKE, 1, "mooncake expects one JSON object per line");
    }
}

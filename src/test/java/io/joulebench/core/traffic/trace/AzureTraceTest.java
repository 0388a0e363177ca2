package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.traffic.TraceEntry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AzureTraceTest {

    @TempDir
    Path dir;

    @Test
    void reads_2023_timestamps_without_offset_as_seconds_from_the_first_row() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", """
                TIMESTAMP,ContextTokens,GeneratedTokens
                2023-11-16 18:15:46.6805900,374,44
                2023-11-16 18:15:50.9951690,396,109
                2023-11-16 18:16:00.0000000,879,0
                """);
        TraceSlice slice = TraceFiles.whole(file, null);
        assertThat(slice.summary().format()).isEqualTo(TraceFormat.AZURE);
        assertThat(slice.rows().get(1).offsetSeconds()).isCloseTo(4.314579, within(1e-6));
        assertThat(slice.rows().get(2).offsetSeconds()).isCloseTo(13.31941, within(1e-6));
        assertThat(slice.rows()).extracting(TraceEntry::inputTokens).containsExactly(374, 396, 879);
        assertThat(slice.rows()).extracting(TraceEntry::outputTokens).containsExactly(44, 109, 0);
    }

    @Test
    void reads_2024_timestamps_with_their_offset() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", """
                TIMESTAMP,ContextTokens,GeneratedTokens
                2024-05-10 00:00:00.0090000+00:00,2162,5
                2024-05-10 02:00:00.5090000+02:00,100,7
                """);
        TraceSlice slice = TraceFiles.whole(file, TraceFormat.AZURE);
        assertThat(slice.rows().get(1).offsetSeconds()).isCloseTo(0.5, within(1e-6));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "TIMESTAMP,ContextTokens,GeneratedTokens\\n2023-11-16 18:15:46,1,1\\n2023-13-16 18:15:46,1,1|3|TIMESTAMP '2023-13-16 18:15:46' is not a time",
        "TIMESTAMP,ContextTokens,GeneratedTokens\\nyesterday,1,1|2|TIMESTAMP 'yesterday' is not a time",
        "TIMESTAMP,ContextTokens,GeneratedTokens\\n2023-11-16 18:15:46,1,1\\n2023-11-16 18:15:45.9,1,1|3|TIMESTAMP 2023-11-16 18:15:45.9 is before the previous row's 2023-11-16 18:15:46",
        "TIMESTAMP,ContextTokens,GeneratedTokens\\n2023-11-16 18:15:46,-1,1|2|ContextTokens must be a whole number ≥ 0 (got '-1': negative)",
        "TIMESTAMP,ContextTokens,GeneratedTokens\\n2023-11-16 18:15:46,1,1.5|2|GeneratedTokens must be a whole number ≥ 0 (got '1.5': fractional)",
        "TIMESTAMP,ContextTokens,GeneratedTokens\\n2023-11-16 18:15:46,1|2|missing field GeneratedTokens",
        "TIMESTAMP,ContextTokens\\n2023-11-16 18:15:46,1|1|the azure header has no column GeneratedTokens",
        "TIMESTAMP,ContextTokens,GeneratedTokens\\n|1|the trace has no request rows",
        "''|1|the trace is empty",
    })
    void malformed_lines_name_file_line_and_field(String content, int line, String expected) throws Exception {
        TraceFiles.failsAt(TraceFiles.write(dir, "t.csv", content), null, line, expected);
    }

    @Test
    void a_forced_azure_on_a_burstgpt_file_is_an_error() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n");
        TraceFiles.failsAt(file, TraceFormat.AZURE, 1, "format: azure was named but the file looks like burstgpt");
    }
}

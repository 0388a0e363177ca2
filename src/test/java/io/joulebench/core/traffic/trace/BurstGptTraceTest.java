package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.TraceEntry;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BurstGptTraceTest {

    private static final String HEADER = "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type";

    @TempDir
    Path dir;

    @Test
    void skips_and_counts_failed_requests_and_reads_seconds() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", HEADER + """

                5,ChatGPT,472,18,490,Conversation log
                45,ChatGPT,1087,0,1087,Conversation log
                118,GPT-4,417,276,693,API log
                118,ChatGPT,200,0,200,API log
                """);
        TraceSlice slice = TraceFiles.whole(file, null);
        assertThat(slice.summary().format()).isEqualTo(TraceFormat.BURSTGPT);
        assertThat(slice.rows()).extracting(TraceEntry::offsetSeconds).containsExactly(0.0, 113.0);
        assertThat(slice.rows()).extracting(TraceEntry::inputTokens).containsExactly(472, 417);
        assertThat(slice.rows()).extracting(TraceEntry::outputTokens).containsExactly(18, 276);
        assertThat(slice.summary().skipped()).isEqualTo(Map.of(BurstGptLines.FAILED, 2));
        assertThat(slice.summary().describe()).contains("2 skipped: 2 failed request in the source");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "5,ChatGPT,1,1,2,API log\\nlater,ChatGPT,1,1,2,API log|3|Timestamp 'later' is not a number",
        "5,ChatGPT,1,1,2,API log\\n4,ChatGPT,1,1,2,API log|3|Timestamp 4 is before the previous row's 5",
        "5,ChatGPT,-2,1,2,API log|2|Request tokens must be a whole number ≥ 0 (got '-2': negative)",
        "5,ChatGPT,2,1.5,2,API log|2|Response tokens must be a whole number ≥ 0 (got '1.5': fractional)",
        "5,ChatGPT,2|2|missing field Response tokens",
    })
    void malformed_lines_name_file_line_and_field(String rows, int line, String expected) throws Exception {
        TraceFiles.failsAt(TraceFiles.write(dir, "t.csv", HEADER + "\\n" + rows), null, line, expected);
    }

    @Test
    void a_header_without_a_column_and_an_empty_file_are_errors() throws Exception {
        TraceFiles.failsAt(TraceFiles.write(dir, "a.csv", "Timestamp,Model,Request tokens,Response tokens\n"),
                TraceFormat.BURSTGPT, 1, "the burstgpt header has no column Total tokens, Log Type");
        TraceFiles.failsAt(TraceFiles.write(dir, "b.csv", ""), TraceFormat.BURSTGPT, 1, "the trace is empty");
        TraceFiles.failsAt(TraceFiles.write(dir, "c.csv", HEADER + "\n5,ChatGPT,1,0,1,API log\n"), null, 2,
                "no row to replay in the slice");
    }

    @Test
    void a_forced_burstgpt_on_a_mooncake_file_is_an_error() throws Exception {
        Path file = TraceFiles.write(dir, "t.jsonl", "{\"timestamp\": 0, \"input_length\": 1}\n");
        TraceFiles.failsAt(file, TraceFormat.BURSTGPT, 1, "format: burstgpt was named but the file looks like mooncake");
    }
}

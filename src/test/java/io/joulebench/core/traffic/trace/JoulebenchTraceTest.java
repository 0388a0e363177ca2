package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.TraceCsv;
import io.joulebench.core.traffic.TraceEntry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Today's CSV through the new reader; TraceReplaySourceTest keeps TraceCsv's own cases. */
class JoulebenchTraceTest {

    @TempDir
    Path dir;

    @Test
    void slices_offsets_from_the_first_row_while_trace_csv_keeps_them_from_the_origin() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", "offset_s,output_tokens\n2.5,16\n3.0,\n6.5,64\n");
        TraceSlice slice = TraceFiles.whole(file, null);
        assertThat(slice.summary().format()).isEqualTo(TraceFormat.JOULEBENCH);
        assertThat(slice.rows()).extracting(TraceEntry::offsetSeconds).containsExactly(0.0, 0.5, 4.0);
        assertThat(slice.rows()).extracting(TraceEntry::outputTokens).containsExactly(16, null, 64);
        assertThat(slice.summary().hasInputLengths()).isFalse();
        assertThat(TraceCsv.read(file)).extracting(TraceEntry::offsetSeconds).containsExactly(2.5, 3.0, 6.5);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "offset_s\\n0.1\\nabc|3|offset_s 'abc' is not a number",
        "offset_s\\n2\\n1|3|offset_s 1.0 is before the previous offset 2.0",
        "offset_s,input_tokens\\n0.1,-3|2|input_tokens must be a whole number ≥ 0 (got '-3': negative)",
        "offset_s,output_tokens\\n0.1,2.5|2|output_tokens must be a whole number ≥ 0 (got '2.5': fractional)",
        "offset_s,output_tokens\\n0.1|2|expected 2 fields like the header, found 1",
        "offset_s\\n|1|the trace has no request rows",
        "\\n|1|the trace is empty",
    })
    void malformed_lines_name_file_line_and_field(String content, int line, String expected) throws Exception {
        TraceFiles.failsAt(TraceFiles.write(dir, "t.csv", content), null, line, expected);
    }

    @Test
    void a_forced_joulebench_on_an_azure_file_is_an_error() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n");
        TraceFiles.failsAt(file, TraceFormat.JOULEBENCH, 1, "format: joulebench was named but the file looks like azure");
    }
}

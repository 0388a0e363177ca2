package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.traffic.TraceEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceSliceTest {

    @TempDir
    Path dir;

    /** Rows every 250 ms from 10 s on the file's clock; row k has input length k. */
    private Path mooncake(int rows) throws Exception {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < rows; k++) {
            s.append("{\"timestamp\": ").append(10_000 + 250 * k).append(", \"input_length\": ").append(k).append("}\n");
        }
        return TraceFiles.write(dir, "t.jsonl", s.toString());
    }

    @Test
    void the_slice_holds_offsets_in_start_to_start_plus_duration_from_the_first_row() throws Exception {
        TraceSlice slice = TraceSlice.read(mooncake(100), null, 2.0, 3.0);
        // offsets 2.0, 2.25 … 4.75: rows 8 … 19; the row at offset 5.0 is past the end
        assertThat(slice.rows()).extracting(TraceEntry::inputTokens).first().isEqualTo(8);
        assertThat(slice.rows()).extracting(TraceEntry::inputTokens).last().isEqualTo(19);
        assertThat(slice.rows()).hasSize(12);
        assertThat(slice.summary().rows()).isEqualTo(12);
    }

    @Test
    void reading_stops_past_the_slice_end_so_a_bad_line_after_it_is_not_read() throws Exception {
        Path file = TraceFiles.write(dir, "t.jsonl", """
                {"timestamp": 0, "input_length": 1}
                {"timestamp": 500, "input_length": 2}
                {"timestamp": 2000, "input_length": 3}
                this line is never reached
                """);
        TraceSlice slice = TraceSlice.read(file, null, 0, 1.0);
        assertThat(slice.rows()).hasSize(2);
        assertThat(slice.summary().linesRead()).isEqualTo(3);
    }

    @ParameterizedTest
    @CsvSource({"1.0", "2.0", "0.5", "3.0"})
    void scheduled_instants_are_offsets_from_the_slice_start_over_time_scale(double scale) throws Exception {
        TraceSlice slice = TraceSlice.read(mooncake(40), null, 1.1, null);
        List<TraceEntry> scheduled = slice.scheduled(scale);
        assertThat(scheduled).hasSize(slice.rows().size());
        for (int i = 0; i < scheduled.size(); i++) {
            // row i of the slice is row i + 5 of the file (first offset ≥ 1.1 is 1.25)
            assertThat(scheduled.get(i).offsetSeconds()).isCloseTo(0.25 * i / scale, within(0.001));
            assertThat(scheduled.get(i).inputTokens()).isEqualTo(i + 5);
        }
    }

    @Test
    void failed_rows_inside_the_slice_are_counted_and_those_outside_are_not() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                0,ChatGPT,10,0,10,API log
                1,ChatGPT,10,5,15,API log
                2,ChatGPT,10,0,10,API log
                3,ChatGPT,10,6,16,API log
                """);
        TraceSlice slice = TraceSlice.read(file, null, 1.0, 2.0);
        assertThat(slice.rows()).extracting(TraceEntry::outputTokens).containsExactly(5);
        assertThat(slice.summary().skipped()).isEqualTo(Map.of(BurstGptLines.FAILED, 1));
        assertThat(slice.scheduledSeconds(0, 1.0)).isZero();
    }
}

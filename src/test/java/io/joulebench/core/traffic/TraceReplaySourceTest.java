package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceReplaySourceTest {

    @TempDir
    Path dir;

    private Path write(String content) throws Exception {
        return Files.writeString(dir.resolve("trace.csv"), content);
    }

    @Test
    void reads_optional_columns_in_any_order_skipping_blanks_and_comments() throws Exception {
        List<TraceEntry> entries = TraceCsv.read(write("""
                # recorded 2026-01-01
                output_tokens, offset_s ,input_tokens

                12,0.5,100
                ,0.5,
                7,2.25,40
                """));
        assertThat(entries).containsExactly(new TraceEntry(0.5, 100, 12), new TraceEntry(0.5, null, null),
                new TraceEntry(2.25, 40, 7));
    }

    @Test
    void replays_recorded_offsets_and_output_lengths() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(50);
        Map<Integer, Object> maxTokens = new ConcurrentHashMap<>();
        IssuerReport report = TraceReplaySource.builder()
                .traceCsv(write("offset_s,output_tokens\n0.25,16\n1.0,\n3.5,64\n"))
                .shapes(i -> new RequestShape(i, Map.of("prompt", "p", "max_tokens", 1)))
                .clock(clock).build()
                .run(request -> {
                    maxTokens.put(request.index(), request.payload().get("max_tokens"));
                    return FakeTransports.tokens(clock.nanoTime());
                }, null);
        assertThat(report.records()).extracting(RequestRecord::issuedAtNanos)
                .containsExactly(50_250_000_000L, 51_000_000_000L, 53_500_000_000L);
        assertThat(maxTokens).containsExactlyInAnyOrderEntriesOf(Map.of(0, 16, 1, 1, 2, 64));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "offset_s\\n0.1\\nabc\\n| line 3: offset_s 'abc' is not a number",
        "offset_s\\n0.1\\n-1\\n| line 3: offset_s must be a finite number ≥ 0",
        "offset_s\\n2\\n1\\n| line 3: offset_s 1.0 is before the previous offset 2.0",
        "offset_s,output_tokens\\n0.1,5\\n0.2\\n| line 3: expected 2 fields",
        "offset_s,output_tokens\\n0.1,5\\n0.2,1.5\\n| line 3: output_tokens must be a whole number",
        "offset_s,input_tokens\\n0.1,-3\\n| line 2: input_tokens must be a whole number",
        "\\n\\noffset,output_tokens\\n| line 3: unknown column 'offset'",
        "output_tokens\\n3\\n| line 1: the header has no offset_s column",
        "offset_s,offset_s\\n| line 1: column 'offset_s' appears twice",
        "offset_s\\n| line 1: the trace has no request rows",
        "NaN\\n| line 1: unknown column 'NaN'"
    })
    void bad_traces_name_the_file_and_line(String content, String expected) throws Exception {
        Path file = write(content.replace("\\n", "\n"));
        assertThatThrownBy(() -> TraceCsv.read(file)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith(file.toString())
                .hasMessageContaining(expected.strip());
    }

    @Test
    void the_exception_carries_file_and_line() throws Exception {
        Path file = write("offset_s\n1\nx\n");
        TraceFormatException e = org.junit.jupiter.api.Assertions.assertThrows(TraceFormatException.class,
                () -> TraceCsv.read(file));
        assertThat(e.file()).isEqualTo(file);
        assertThat(e.line()).isEqualTo(3);
    }
}

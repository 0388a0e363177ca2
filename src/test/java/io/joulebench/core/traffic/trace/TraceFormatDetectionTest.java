package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceFormatDetectionTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"timestamp\": 0, \"input_length\": 1}|MOONCAKE",
        "offset_s,input_tokens|JOULEBENCH",
        "output_tokens, offset_s|JOULEBENCH",
        "TIMESTAMP,ContextTokens,GeneratedTokens|AZURE",
        "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type|BURSTGPT",
        "chat_id,parent_chat_id,turn,timestamp,input_length,output_length|SESSIONS",
    })
    void the_first_line_names_the_format(String first, TraceFormat expected) {
        assertThat(TraceFormat.detect(first)).contains(expected);
    }

    @Test
    void an_unknown_header_is_an_error_that_says_to_name_the_format() throws Exception {
        Path file = TraceFiles.write(dir, "t.csv", "# made by hand\nwhen,prompt,answer\n1,2,3\n");
        TraceFiles.failsAt(file, null, 2, "cannot tell the trace format from 'when,prompt,answer'");
    }

    @Test
    void every_format_is_a_choice_of_the_study_key_besides_auto() {
        assertThat(TraceFormat.choices()).containsExactly("auto", "joulebench", "mooncake", "azure", "burstgpt",
                "sessions");
        assertThat(TraceFormat.fromWire("azure")).contains(TraceFormat.AZURE);
        assertThat(TraceFormat.fromWire("auto")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"joulebench-sample.csv,JOULEBENCH", "mooncake-sample.jsonl,MOONCAKE", "azure-2023-sample.csv,AZURE",
        "azure-2024-sample.csv,AZURE", "burstgpt-sample.csv,BURSTGPT"})
    void the_example_traces_read_whole_in_their_format(String name, TraceFormat format) throws Exception {
        TraceSlice slice = TraceFiles.whole(Path.of("examples/traces", name), null);
        assertThat(slice.summary().format()).isEqualTo(format);
        assertThat(slice.summary().spanSeconds()).isGreaterThan(120);
        assertThat(slice.summary().hasInputLengths()).isTrue();
    }
}

package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.session.TraceConversations;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.TraceEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The session trace format (issue 32): Bailian-style fields, detected from the header, grouped into conversations. */
class SessionTraceTest {

    @TempDir
    Path dir;

    private static final String TRACE = """
            chat_id,parent_chat_id,turn,timestamp,input_length,output_length
            10,-1,1,100.0,50,20
            11,-1,1,100.5,80,10
            12,10,2,103.0,90,15
            13,11,2,104.0,120,12
            14,12,3,109.5,130,8
            """;

    @Test
    void rows_carry_their_conversation_fields_and_group_into_sessions() throws Exception {
        TraceSlice slice = TraceFiles.whole(TraceFiles.write(dir, "s.csv", TRACE), null);
        assertThat(slice.summary().format()).isEqualTo(TraceFormat.SESSIONS);
        assertThat(slice.rows()).extracting(TraceEntry::offsetSeconds).containsExactly(0.0, 0.5, 3.0, 4.0, 9.5);
        assertThat(slice.rows().get(2).turn()).isEqualTo(new TraceEntry.TraceTurn(12, 10L, 2));
        assertThat(slice.rows().get(0).turn().parentChatId()).as("-1: a first turn").isNull();

        TraceConversations c = TraceConversations.of(slice.scheduled(1.0),
                i -> new RequestShape(i, Map.of("messages", List.of(Map.of("role", "user", "content", "p" + i)))));
        assertThat(c.starts()).containsExactly(0.0, 0.5);
        assertThat(c.turns(0)).isEqualTo(3);
        assertThat(c.turns(1)).isEqualTo(2);
        assertThat(c.recordedOffsetSeconds(0, 3)).isEqualTo(9.5);
        assertThat(c.turn(0, 2).payload()).containsEntry("max_tokens", 15);
        assertThat(c.turn(0, 2).workload().requestedOutputTokens()).isEqualTo(15);
    }

    @Test
    void the_example_session_trace_is_four_conversations() throws Exception {
        TraceSlice slice = TraceFiles.whole(Path.of("examples", "traces", "sessions-sample.csv"), null);
        TraceConversations c = TraceConversations.of(slice.scheduled(1.0), i -> new RequestShape(i, Map.of()));
        assertThat(c.starts()).hasSize(4);
        assertThat(c.turns(0)).isEqualTo(3);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "chat_id,parent_chat_id,turn,timestamp,input_length,output_length\\nx,-1,1,0,1,1|2|chat_id must be a whole number ≥ 0 (got 'x')",
        "chat_id,parent_chat_id,turn,timestamp,input_length,output_length\\n1,-1,0,0,1,1|2|turn must be ≥ 1 (got 0)",
        "chat_id,parent_chat_id,turn,timestamp,input_length,output_length\\n1,-1,1,0,1|2|missing field output_length",
        "chat_id,parent_chat_id,turn,input_length,output_length\\n1,-1,1,1,1|1|the sessions header has no column timestamp",
    })
    void malformed_lines_name_file_line_and_field(String content, int line, String expected) throws Exception {
        TraceFiles.failsAt(TraceFiles.write(dir, "s.csv", content), null, line, expected);
    }
}

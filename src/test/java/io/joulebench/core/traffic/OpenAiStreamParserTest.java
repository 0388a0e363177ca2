package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OpenAiStreamParserTest {

    static final String COMPLETION_STREAM = """
            data: {"choices":[{"text":"Hel","finish_reason":null}]}

            data: {"choices":[{"text":"lo","finish_reason":null}]}

            data: {"choices":[{"text":"","finish_reason":"length"}]}

            data: {"choices":[],"usage":{"prompt_tokens":4,"completion_tokens":2}}

            data: [DONE]

            """;

    private final VirtualClock clock = VirtualClock.atSeconds(10);

    /** Feeds the stream in pieces of {@code step} bytes, advancing the clock 1 ms per piece. */
    private OpenAiStreamParser parse(OpenAiEndpoint endpoint, String stream, int step) throws Exception {
        OpenAiStreamParser parser = new OpenAiStreamParser(endpoint, clock, true);
        byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += step) {
            clock.advance(Duration.ofMillis(1));
            parser.accept(bytes, i, Math.min(step, bytes.length - i));
        }
        parser.endOfStream();
        return parser;
    }

    @Test
    void two_text_deltas_an_empty_finish_delta_and_usage() throws Exception {
        OpenAiStreamParser parser = parse(OpenAiEndpoint.COMPLETIONS, COMPLETION_STREAM, 4096);
        CompletionResult r = parser.result();
        assertThat(parser.done()).isTrue();
        assertThat(r.tokenCount()).isEqualTo(2);
        assertThat(r.text()).isEqualTo("Hello");
        assertThat(r.finishReason()).isEqualTo("length");
        assertThat(r.serverPromptTokens()).isEqualTo(4);
        assertThat(r.serverCompletionTokens()).isEqualTo(2);
        assertThat(r.tokenTimesNanos()).containsOnly(10_001_000_000L);
    }

    @Test
    void receipts_are_stamped_when_their_bytes_arrive_whatever_the_chunking() throws Exception {
        OpenAiStreamParser parser = parse(OpenAiEndpoint.COMPLETIONS, COMPLETION_STREAM, 1);
        CompletionResult r = parser.result();
        assertThat(r.text()).isEqualTo("Hello");
        assertThat(r.tokenTimesNanos()[1]).isGreaterThan(r.tokenTimesNanos()[0]);
        assertThat(r.serverCompletionTokens()).isEqualTo(2);
    }

    @Test
    void chat_deltas_come_from_delta_content_and_crlf_comments_and_events_are_ignored() throws Exception {
        String stream = ": keep-alive\r\nevent: message\r\n"
                + "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\r\n\r\n"
                + "data:{\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\r\n\r\n"
                + "data: {\"choices\":[{\"delta\":{\"content\":\"!\"},\"finish_reason\":\"stop\"}]}\r\n\r\n"
                + "data: [DONE]";
        CompletionResult r = parse(OpenAiEndpoint.CHAT, stream, 7).result();
        assertThat(r.text()).isEqualTo("Hi!");
        assertThat(r.tokenCount()).isEqualTo(2);
        assertThat(r.finishReason()).isEqualTo("stop");
    }

    @Test
    void usage_counts_must_be_plain_integers_in_range() throws Exception {
        String stream = """
                data: {"choices":[],"usage":{"prompt_tokens":true,"completion_tokens":2.0}}
                data: {"choices":[],"usage":{"prompt_tokens":5000000000,"completion_tokens":-1}}
                data: [DONE]
                """;
        OpenAiStreamParser parser = parse(OpenAiEndpoint.COMPLETIONS, stream, 4096);
        assertThat(parser.result().serverPromptTokens()).isNull();
        assertThat(parser.result().serverCompletionTokens()).isNull();
        assertThat(parser.notes()).hasSize(4).anySatisfy(n -> assertThat(n).contains("5000000000"));
    }

    @Test
    void later_usage_overwrites_and_bytes_after_done_are_ignored() throws Exception {
        String stream = """
                data: {"choices":[{"text":"a"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}
                data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1}}
                data: [DONE]
                data: {not json
                """;
        CompletionResult r = parse(OpenAiEndpoint.COMPLETIONS, stream, 4096).result();
        assertThat(r.serverPromptTokens()).isEqualTo(3);
        assertThat(r.tokenCount()).isEqualTo(1);
    }

    @Test
    void bad_json_fails_and_keeps_what_arrived() throws Exception {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, false);
        parser.acceptLine("data: {\"choices\":[{\"text\":\"a\"}]}");
        parser.acceptLine("data: {\"choices\":[{\"text\":\"b\"}]}");
        assertThatThrownBy(() -> parser.acceptLine("data: {\"choices\":[{\"text\":"))
                .isInstanceOf(OpenAiStreamParser.MalformedStreamException.class).hasMessageContaining("bad JSON");
        assertThat(parser.result().tokenCount()).isEqualTo(2);
        assertThat(parser.result().text()).isNull();
        assertThat(parser.done()).isFalse();
    }

    @Test
    void an_error_object_in_the_stream_fails_it() {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, true);
        assertThatThrownBy(() -> parser.acceptLine("data: {\"error\":{\"message\":\"KV cache full\"}}"))
                .hasMessageContaining("KV cache full");
    }

    @Test
    void a_line_over_one_mebibyte_fails_without_buffering_it_all() {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, true);
        byte[] block = new byte[64 * 1024];
        java.util.Arrays.fill(block, (byte) 'x');
        assertThatThrownBy(() -> {
            for (int i = 0; i < 17; i++) {
                parser.accept(block, 0, block.length);
            }
        }).isInstanceOf(OpenAiStreamParser.MalformedStreamException.class).hasMessageContaining("exceeds");
    }
}

package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
        assertThat(r.tokenTimesNanos().toArray()).containsOnly(10_001_000_000L);
    }

    @Test
    void receipts_are_stamped_when_their_bytes_arrive_whatever_the_chunking() throws Exception {
        OpenAiStreamParser parser = parse(OpenAiEndpoint.COMPLETIONS, COMPLETION_STREAM, 1);
        CompletionResult r = parser.result();
        assertThat(r.text()).isEqualTo("Hello");
        assertThat(r.tokenTimesNanos().get(1)).isGreaterThan(r.tokenTimesNanos().get(0));
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

    /** Feeds {@code lines} (one data line each, then [DONE]); returns the failure, or null when the stream passed. */
    private OpenAiStreamParser.MalformedStreamException failureOf(OpenAiEndpoint endpoint, String... lines) {
        OpenAiStreamParser parser = new OpenAiStreamParser(endpoint, clock, false);
        try {
            for (String line : lines) {
                parser.acceptLine("data: " + line);
            }
            parser.acceptLine("data: [DONE]");
            return null;
        } catch (OpenAiStreamParser.MalformedStreamException e) {
            assertThat(parser.done()).isFalse();
            return e;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"prompt_tokens\":true}", "{\"completion_tokens\":2.0}", "{\"completion_tokens\":\"2\"}"})
    void usage_counts_that_are_not_integers_fail_the_stream(String usage) {
        assertThat(failureOf(OpenAiEndpoint.COMPLETIONS, "{\"choices\":[{\"text\":\"a\"}]}",
                "{\"choices\":[],\"usage\":" + usage + "}")).hasMessageStartingWith("bad usage: usage.")
                .hasMessageContaining("is not an integer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"prompt_tokens\":-5}", "{\"completion_tokens\":-1}",
        "{\"prompt_tokens\":5000000000}", "{\"completion_tokens\":1000000000000000}",
        "{\"completion_tokens\":99999999999999999999999}"})
    void negative_or_huge_usage_counts_are_absurd_and_fail_the_stream(String usage) {
        assertThat(failureOf(OpenAiEndpoint.COMPLETIONS, "{\"choices\":[{\"text\":\"a\"}]}",
                "{\"choices\":[],\"usage\":" + usage + "}")).hasMessageStartingWith("absurd usage: usage.");
    }

    @Test
    void a_completion_count_far_above_the_streamed_tokens_fails_at_done_and_keeps_the_tokens() throws Exception {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, true);
        parser.acceptLine("data: {\"choices\":[{\"text\":\"a\"}]}");
        parser.acceptLine("data: {\"choices\":[{\"text\":\"b\"}]}");
        parser.acceptLine("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":201}}");

        assertThatThrownBy(() -> parser.acceptLine("data: [DONE]"))
                .isInstanceOf(OpenAiStreamParser.MalformedStreamException.class)
                .hasMessage("absurd usage: usage.completion_tokens = 201 for 2 streamed tokens (more than 100 per token)");
        assertThat(parser.done()).isFalse();
        assertThat(parser.result().tokenCount()).isEqualTo(2);
        assertThat(parser.result().text()).isEqualTo("ab");
    }

    @Test
    void a_completion_count_within_a_hundred_per_streamed_token_is_kept() throws Exception {
        assertThat(failureOf(OpenAiEndpoint.COMPLETIONS, "{\"choices\":[{\"text\":\"a\"}]}",
                "{\"choices\":[],\"usage\":{\"completion_tokens\":100}}")).isNull();
        assertThat(failureOf(OpenAiEndpoint.COMPLETIONS, "{\"choices\":[{\"text\":\"\",\"finish_reason\":\"stop\"}]}",
                "{\"choices\":[],\"usage\":{\"completion_tokens\":100}}")).as("no streamed token counts as one")
                .isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"id\":\"cmpl-1\"}", "{\"choices\":null}", "{\"choices\":{\"text\":\"a\"}}",
        "{\"choices\":[\"a\"]}", "{\"choices\":[{\"index\":0}]}", "{\"choices\":[{\"text\":7}]}",
        "{\"choices\":[],\"usage\":[1,2]}"})
    void a_completion_chunk_without_its_structure_fails_the_stream(String chunk) {
        assertThat(failureOf(OpenAiEndpoint.COMPLETIONS, "{\"choices\":[{\"text\":\"a\"}]}", chunk))
                .as(chunk).isNotNull().hasMessageStartingWith("stream ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"choices\":[{\"index\":0}]}", "{\"choices\":[{\"delta\":\"hi\"}]}",
        "{\"choices\":[{\"delta\":{\"content\":[1]}}]}"})
    void a_chat_chunk_without_its_structure_fails_the_stream(String chunk) {
        assertThat(failureOf(OpenAiEndpoint.CHAT, "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]}", chunk))
                .as(chunk).isNotNull().hasMessageStartingWith("stream ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}",
        "{\"choices\":[],\"usage\":null}", "{\"choices\":[{\"index\":0,\"finish_reason\":\"stop\"}]}",
        "{\"choices\":[{\"text\":null,\"finish_reason\":\"length\"}]}", "{\"choices\":[{\"text\":\"\"}]}"})
    void usage_only_and_finish_only_completion_chunks_are_accepted(String chunk) {
        assertThat(failureOf(OpenAiEndpoint.COMPLETIONS, "{\"choices\":[{\"text\":\"a\"}]}", chunk)).as(chunk).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"choices\":[{\"delta\":{}, \"finish_reason\":\"stop\"}]}",
        "{\"choices\":[{\"finish_reason\":\"stop\"}]}", "{\"choices\":[{\"delta\":{\"reasoning_content\":\"x\"}}]}",
        "{\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":null}}]}"})
    void role_reasoning_and_finish_only_chat_chunks_are_accepted(String chunk) {
        assertThat(failureOf(OpenAiEndpoint.CHAT, chunk)).as(chunk).isNull();
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
    void the_reference_engines_true_energy_is_read_only_when_present_and_a_bad_one_fails_the_stream()
            throws Exception {
        OpenAiStreamParser engine = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, false);
        engine.acceptLine("data: {\"choices\":[{\"text\":\"a\",\"finish_reason\":\"length\"}]}");
        engine.acceptLine("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,"
                + "\"joulebench_true_energy_j\":1.25E-1}}");
        assertThat(engine.result().serverTrueEnergyJ()).isEqualTo(0.125);

        OpenAiStreamParser other = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, false);
        other.acceptLine("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}");
        assertThat(other.result().serverTrueEnergyJ()).isNull();

        OpenAiStreamParser bad = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, false);
        assertThatThrownBy(() -> bad.acceptLine("data: {\"choices\":[],\"usage\":{\"joulebench_true_energy_j\":"
                + "\"lots\"}}")).isInstanceOf(OpenAiStreamParser.MalformedStreamException.class)
                .hasMessageContaining("usage.joulebench_true_energy_j");
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

    /** A clock that moves 1 µs every time it is read, so a stamp taken per token would differ from one per read. */
    private static final class TickingClock implements io.joulebench.core.time.Clock {
        private long now = 1_000_000;

        @Override
        public long nanoTime() {
            return now += 1_000;
        }

        @Override
        public void sleepUntil(long deadlineNanos) {
            now = Math.max(now, deadlineNanos);
        }
    }

    @Test
    void every_token_completed_by_one_read_gets_that_reads_stamp_taken_before_any_json_is_built() throws Exception {
        TickingClock ticking = new TickingClock();
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, ticking, false);
        byte[] bytes = COMPLETION_STREAM.getBytes(StandardCharsets.UTF_8);
        int split = COMPLETION_STREAM.indexOf("lo\""); // the second token's line ends in the second read
        parser.accept(bytes, 0, split);
        long firstRead = ticking.now;
        parser.accept(bytes, split, bytes.length - split);
        long secondRead = ticking.now;
        assertThat(parser.done()).isTrue();
        assertThat(parser.result().tokenTimesNanos().toArray()).containsExactly(firstRead, secondRead);
    }

    @Test
    void send_times_are_kept_only_when_asked_and_a_chunk_without_one_is_marked() throws Exception {
        String stream = "data: {\"t_send_ns\":-42,\"choices\":[{\"text\":\"a\"}]}\n\n"
                + "data: {\"choices\":[{\"text\":\"b\"}]}\n\n"
                + "data: {\"t_send_ns\":7000000000123,\"choices\":[{\"text\":\"c\"}]}\n\n"
                + "data: {\"t_send_ns\":\"9\",\"choices\":[{\"text\":\"d\"}]}\n\ndata: [DONE]\n\n";
        byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
        OpenAiStreamParser capturing = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, false, true);
        capturing.accept(bytes, 0, bytes.length);
        assertThat(capturing.result().serverSendTimesNanos().toArray()).containsExactly(-42L, CompletionResult.NO_SEND_TIME,
                7_000_000_000_123L, CompletionResult.NO_SEND_TIME);
        OpenAiStreamParser plain = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, clock, false);
        plain.accept(bytes, 0, bytes.length);
        assertThat(plain.result().serverSendTimesNanos()).isNull();
        assertThat(plain.result().tokenCount()).isEqualTo(4);
    }
}

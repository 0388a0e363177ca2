package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.time.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The byte path (issue 34) against the Jackson path it speeds up: every chunk below, fed as bytes (where plain token
 * chunks take {@link TokenChunkScanner}) and as a String line (always Jackson), gives the same tokens, text, send
 * times, finish reason and usage, or the same failure.
 */
class TokenChunkScannerTest {

    static List<Object[]> chunks() {
        List<String> completion = List.of(
                "{\"choices\":[{\"text\":\"a\",\"finish_reason\":null}]}",
                "{\"choices\":[{\"text\":\"a\"}],\"t_send_ns\":123456789012345678}",
                "{\"t_send_ns\":-5,\"choices\":[{\"index\":0,\"text\":\"\\u00e9\\n\",\"logprobs\":null}]}",
                "{\"choices\":[{\"text\":\"a\"}],\"t_send_ns\":1.5}",
                "{\"choices\":[{\"text\":\"a\"}],\"t_send_ns\":1e3}",
                "{\"choices\":[{\"text\":\"a\"}],\"t_send_ns\":12345678901234567890123}",
                "{\"choices\":[{\"text\":\"a\"}],\"t_send_ns\":\"7\"}",
                "{\"choices\":[{\"text\":\"\"}]}",
                "{\"choices\":[{\"text\":null}]}",
                "{\"choices\":[{\"text\":5}]}",
                "{\"choices\":[{\"finish_reason\":null}]}",
                "{\"choices\":[{\"text\":\"a\",\"finish_reason\":\"stop\"}]}",
                "{\"choices\":[{\"text\":\"a\"},{\"text\":\"b\"}]}",
                "{\"choices\":[{\"text\":\"a\"}],\"usage\":null,\"error\":null}",
                "{\"choices\":[{\"text\":\"a\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}",
                "{\"choices\":[{\"text\":\"a\"}],\"error\":{\"message\":\"boom\"}}",
                "{\"choices\":[{\"text\":\"a\"}],\"choices\":[{\"text\":\"\"}]}",
                "{\"\\u0063hoices\":[{\"text\":\"a\"}],\"\\u0075sage\":{\"completion_tokens\":9}}",
                "{\"choices\":[{\"text\":\"a\"}]} trailing",
                "{\"choices\":[{\"text\":\"a\"}]",
                "{\"choices\":[{\"text\":\"a\",}]}",
                "{\"choices\":[{\"text\":\"a\u0001\"}]}",
                "{\"choices\":[{\"text\":\"a\\x\"}]}",
                "{\"choices\":[{\"text\":\"日本\"}],\"model\":{\"n\":[1,-0.5e-3,true,false,null,\"s\"]}}",
                "{\"choices\":[{\"text\":\"a\"}],\"n\":01}",
                "{\"choices\":[{\"text\":\"a\"}],\"n\":NaN}",
                "{\"choices\":[]}",
                "{\"choices\":{}}",
                "{}",
                "[1]",
                "  {  \"choices\" : [ { \"text\" : \"a\" } ] }  ");
        List<String> chat = List.of(
                "{\"choices\":[{\"delta\":{\"content\":\"a\"},\"finish_reason\":null}]}",
                "{\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}",
                "{\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}",
                "{\"choices\":[{\"delta\":{\"content\":null,\"reasoning_content\":\"think\"}}]}",
                "{\"choices\":[{\"delta\":{\"content\":\"x\\\"y\"}}]}",
                "{\"choices\":[{\"delta\":{\"content\":[1]}}]}",
                "{\"choices\":[{\"delta\":{}, \"finish_reason\":\"length\"}]}",
                "{\"choices\":[{\"delta\":\"a\"}]}",
                "{\"choices\":[{\"text\":\"a\"}]}",
                "{\"choices\":[{\"delta\":{\"content\":\"a\",\"content\":\"b\"}}]}",
                "{ \"choices\" :[ { \"delta\" : { \"content\" : \"a\" } , \"finish_reason\" : \"stop\" } ] , \"usage\" : {} }",
                "{\"choices\":[{\"delta\":{\"content\":\"a\"}, \"finish_reason\":null}], \"t_send_ns\": 42}");
        List<Object[]> out = new ArrayList<>();
        completion.forEach(c -> out.add(new Object[] {OpenAiEndpoint.COMPLETIONS, c}));
        chat.forEach(c -> out.add(new Object[] {OpenAiEndpoint.CHAT, c}));
        return out;
    }

    @ParameterizedTest
    @MethodSource("chunks")
    void the_byte_path_reads_every_chunk_as_the_jackson_path_does(OpenAiEndpoint endpoint, String chunk) {
        for (boolean keepText : new boolean[] {true, false}) {
            String viaBytes = outcome(endpoint, chunk, keepText, true);
            String viaString = outcome(endpoint, chunk, keepText, false);
            assertThat(viaBytes).as("keepText=%s", keepText).isEqualTo(viaString);
        }
    }

    private static String outcome(OpenAiEndpoint endpoint, String chunk, boolean keepText, boolean bytes) {
        OpenAiStreamParser parser = new OpenAiStreamParser(endpoint, VirtualClock.atSeconds(1), keepText, true);
        String failure = "";
        try {
            if (bytes) {
                byte[] line = ("data: " + chunk + "\r\n\r\n").getBytes(StandardCharsets.UTF_8);
                parser.accept(line, 0, line.length);
            } else {
                parser.acceptLine("data: " + chunk);
            }
        } catch (OpenAiStreamParser.MalformedStreamException e) {
            failure = e.getMessage();
        }
        CompletionResult r = parser.result();
        return String.join(" | ", failure, String.valueOf(r.tokenCount()), String.valueOf(r.text()),
                String.valueOf(r.serverSendTimesNanos()), String.valueOf(r.finishReason()),
                String.valueOf(r.serverPromptTokens()), String.valueOf(r.serverCompletionTokens()));
    }

    @org.junit.jupiter.api.Test
    void a_plain_token_chunk_takes_the_byte_path_and_a_finishing_one_does_not() {
        TokenChunkScanner scanner = new TokenChunkScanner();
        byte[] plain = "{\"id\":\"c\",\"choices\":[{\"delta\":{\"content\":\"tok\"},\"finish_reason\":null}],\"t_send_ns\":7}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(scanner.scan(plain, 0, plain.length, true)).isTrue();
        assertThat(new String(plain, scanner.textStart, scanner.textEnd - scanner.textStart, StandardCharsets.UTF_8))
                .isEqualTo("tok");
        assertThat(scanner.sendNs).isEqualTo(7);
        byte[] finishing = "{\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}".getBytes(StandardCharsets.UTF_8);
        assertThat(scanner.scan(finishing, 0, finishing.length, true)).isFalse();
    }
}

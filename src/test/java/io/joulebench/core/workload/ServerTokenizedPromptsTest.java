package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.ServerTokenizer;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The whole path over HTTP: prompts built in a tokenizer server's ids, counted again by that server. A server that
 * adds a BOS token to every prompt (llama.cpp, vLLM: their usage counts it) gets text one token shorter, so the
 * prompt it counts has the row's length (the real llama.cpp server once counted every replayed prompt one long).
 */
class ServerTokenizedPromptsTest {

    @ParameterizedTest
    @CsvSource({"LLAMA_CPP, BYTES, false", "LLAMA_CPP, REFERENCE, false", "VLLM, REFERENCE, false",
        "TGI, REFERENCE, false", "LLAMA_CPP, BYTES, true", "LLAMA_CPP, REFERENCE, true", "VLLM, REFERENCE, true"})
    void prompts_have_the_rows_length_as_the_server_counts_it(ServerTokenizer.Dialect dialect,
                                                              RuleTokenizer.Rule rule, boolean bos) throws Exception {
        try (FakeTokenizerServer server = new FakeTokenizerServer(dialect, rule, bos)) {
            ServerTokenizer tokenizer = new ServerTokenizer(server.uri(), dialect, "m");
            ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(new ServerPromptTokenizer(tokenizer),
                    ExactLengthPromptBuilderTest.BUILTIN, 4);
            List<PromptRow> rows = List.of(new PromptRow(700, new int[] {1, 2}, 512, 5),
                    new PromptRow(1100, new int[] {1, 2, 3}, 512, 5), new PromptRow(90, new int[0], 512, 5));

            int added = bos ? 1 : 0;
            assertThat(tokenizer.addedSpecialTokens()).as("tokens the server adds to a prompt").isEqualTo(added);
            for (int i = 0; i < rows.size(); i++) {
                BuiltPrompt p = builder.build(i, rows.get(i));
                assertThat(tokenizer.tokenize(p.text())).as("request %d's text", i)
                        .hasSize(rows.get(i).inputTokens() - added);
                assertThat(p.builtInputTokens()).isEqualTo(rows.get(i).inputTokens());
            }
        }
    }
}

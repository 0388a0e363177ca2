package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.server.ServerTokenizer;
import org.junit.jupiter.api.Test;

/** {@link ServerPromptTokenizer} over a fake TGI tokenizer server counting by the REFERENCE rule. */
class TgiServerPromptTokenizerTest extends PromptTokenizerContract {

    private FakeTokenizerServer server;

    @Override
    PromptTokenizer tokenizer() throws Exception {
        server = new FakeTokenizerServer(ServerTokenizer.Dialect.TGI, RuleTokenizer.Rule.REFERENCE);
        return new ServerPromptTokenizer(new ServerTokenizer(server.uri(), ServerTokenizer.Dialect.TGI, "m"));
    }

    @Override
    void release() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void without_a_detokenize_endpoint_only_ids_seen_in_a_tokenize_answer_come_back_as_text() throws Exception {
        try {
            PromptTokenizer t = tokenizer();
            int[] ids = t.tokenize("solar panels, river deltas");
            assertThat(t.detokenize(new int[] {ids[2], ids[0]})).isEqualTo(",solar");
            assertThatThrownBy(() -> t.detokenize(new int[] {9999}))
                    .isInstanceOf(ServerTokenizer.Unavailable.class)
                    .hasMessage("TGI has no /detokenize and token 9999 was not in any /tokenize answer seen so far");
        } finally {
            release();
        }
    }
}

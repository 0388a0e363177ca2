package io.joulebench.core.workload;

import io.joulebench.core.server.ServerTokenizer;

/** {@link ServerPromptTokenizer} over a fake VLLM tokenizer server counting by the REFERENCE rule. */
class VllmServerPromptTokenizerTest extends PromptTokenizerContract {

    private FakeTokenizerServer server;

    @Override
    PromptTokenizer tokenizer() throws Exception {
        server = new FakeTokenizerServer(ServerTokenizer.Dialect.VLLM, RuleTokenizer.Rule.REFERENCE);
        return new ServerPromptTokenizer(new ServerTokenizer(server.uri(), ServerTokenizer.Dialect.VLLM, "m"));
    }

    @Override
    void release() {
        if (server != null) {
            server.close();
        }
    }
}

package io.joulebench.core.workload;

import io.joulebench.core.server.ServerTokenizer;

/** {@link ServerPromptTokenizer} over a fake LLAMA_CPP tokenizer server counting by the BYTES rule. */
class LlamaCppServerPromptTokenizerTest extends PromptTokenizerContract {

    private FakeTokenizerServer server;

    @Override
    PromptTokenizer tokenizer() throws Exception {
        server = new FakeTokenizerServer(ServerTokenizer.Dialect.LLAMA_CPP, RuleTokenizer.Rule.BYTES);
        return new ServerPromptTokenizer(new ServerTokenizer(server.uri(), ServerTokenizer.Dialect.LLAMA_CPP, "m"));
    }

    @Override
    void release() {
        if (server != null) {
            server.close();
        }
    }
}

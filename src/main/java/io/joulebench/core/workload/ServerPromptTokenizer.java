package io.joulebench.core.workload;

import io.joulebench.core.server.ServerTokenizer;
import java.util.Locale;
import java.util.Objects;

/** The running engine's own tokenizer ({@link ServerTokenizer}) behind the {@link PromptTokenizer} seam. */
public final class ServerPromptTokenizer implements PromptTokenizer {

    private final ServerTokenizer server;

    public ServerPromptTokenizer(ServerTokenizer server) {
        this.server = Objects.requireNonNull(server, "server");
    }

    @Override
    public int[] tokenize(String text) throws ServerTokenizer.Unavailable, InterruptedException {
        return server.tokenize(text);
    }

    @Override
    public int addedTokens() throws ServerTokenizer.Unavailable, InterruptedException {
        return server.addedSpecialTokens();
    }

    @Override
    public String detokenize(int[] ids) throws ServerTokenizer.Unavailable, InterruptedException {
        return server.detokenize(ids);
    }

    @Override
    public String label() {
        return "server tokenizer (" + server.dialect().name().toLowerCase(Locale.ROOT) + " " + server.endpoint() + ")";
    }

    @Override
    public boolean estimate() {
        return false;
    }
}

package io.joulebench.core.workload;

import io.joulebench.core.server.ServerTokenizer;

/**
 * Token ids as the engine under test counts them, and text back from ids: what {@link ExactLengthPromptBuilder} needs
 * to make a prompt of an exact length. {@link ServerPromptTokenizer} asks the running server;
 * {@link EstimatePromptTokenizer} is the labelled estimate for engines with no tokenizer endpoint. Every
 * implementation passes {@code PromptTokenizerContract}.
 */
public interface PromptTokenizer {

    /** {@code text}'s token ids, without special tokens. */
    int[] tokenize(String text) throws ServerTokenizer.Unavailable, InterruptedException;

    /**
     * How many ids {@link #tokenize} gives for {@code text}: what a prompt builder checks a length with. An
     * implementation that can count without making the ids (the estimate: arithmetic) overrides it, so building a
     * prompt does not allocate a token list per try.
     */
    default int count(String text) throws ServerTokenizer.Unavailable, InterruptedException {
        return tokenize(text).length;
    }

    /**
     * Tokens the engine adds to every prompt beyond the text's own (a BOS token), which its usage counts: a prompt of
     * {@code n} tokens as the server counts it has {@code n} minus these of text. 0 unless the engine says otherwise.
     */
    default int addedTokens() throws ServerTokenizer.Unavailable, InterruptedException {
        return 0;
    }

    /** The text of {@code ids}; tokenizing it again gives (nearly always) the same ids. */
    String detokenize(int[] ids) throws ServerTokenizer.Unavailable, InterruptedException;

    /** What counted the tokens, for what a run records, e.g. "server tokenizer (llama.cpp /tokenize)". */
    String label();

    /** True when the counts are an estimate, not the server's. */
    boolean estimate();
}

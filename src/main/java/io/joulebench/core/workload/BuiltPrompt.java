package io.joulebench.core.workload;

/**
 * A prompt made for request {@code index}: its text, the input length asked for and the length it has by the
 * builder's tokenizer ({@code builtInputTokens}), and {@code sharedPrefixTokens}, the leading tokens built identical
 * to an earlier request's (what a prefix cache could serve). {@code requestedOutputTokens} is null when not given.
 */
public record BuiltPrompt(int index, String text, int requestedInputTokens, int builtInputTokens,
                          int sharedPrefixTokens, Integer requestedOutputTokens) {
}

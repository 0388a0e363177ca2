package io.joulebench.core.traffic;

/**
 * What a transport received for one request, complete or partial. Token receipt times are nanoseconds on the shared
 * {@link io.joulebench.core.time.Clock}; one non-empty streamed text delta is one token receipt.
 *
 * @param text                    the concatenated text, or null when the transport does not keep text
 * @param tokenTimesNanos         receipt time of every non-empty text delta, in arrival order (never null)
 * @param serverPromptTokens      {@code usage.prompt_tokens}, or null when the server did not report it
 * @param serverCompletionTokens  {@code usage.completion_tokens}, or null when the server did not report it
 * @param finishReason            the last non-null {@code finish_reason}, or null when none arrived
 */
public record CompletionResult(String text, long[] tokenTimesNanos, Integer serverPromptTokens,
                               Integer serverCompletionTokens, String finishReason) {

    public static final CompletionResult EMPTY = new CompletionResult(null, new long[0], null, null, null);

    public CompletionResult {
        if (tokenTimesNanos == null) {
            tokenTimesNanos = new long[0];
        }
    }

    public int tokenCount() {
        return tokenTimesNanos.length;
    }

    /** First token receipt, or null when no token arrived. */
    public Long firstTokenAtNanos() {
        return tokenTimesNanos.length == 0 ? null : tokenTimesNanos[0];
    }

    public Long lastTokenAtNanos() {
        return tokenTimesNanos.length == 0 ? null : tokenTimesNanos[tokenTimesNanos.length - 1];
    }
}

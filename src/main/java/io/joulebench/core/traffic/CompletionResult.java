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
 * @param retriedAtNanos          when the request was sent again on a fresh connection because its first attempt met
 *                                a pooled connection the server had already closed (no byte of it was answered);
 *                                null when it was sent once
 * @param serverSendTimesNanos    per token receipt, the chunk's top-level {@code t_send_ns} (the server's monotonic
 *                                clock at send: {@code joulebench bench null-server --tokens}), or
 *                                {@link #NO_SEND_TIME} for a chunk without one; null unless the transport was asked
 *                                to capture them
 * @param serverTrueEnergyJ       {@code usage.joulebench_true_energy_j}: the reference engine's simulated ground truth
 *                                of this request's energy (for checking attribution, never a measurement); null from
 *                                any other server
 * @param serverCachedTokens      {@code usage.prompt_tokens_details.cached_tokens}: the prompt tokens the server took
 *                                from its prefix cache; null when it did not report it
 */
public record CompletionResult(String text, TokenTimes tokenTimesNanos, Integer serverPromptTokens,
                               Integer serverCompletionTokens, String finishReason, Long retriedAtNanos,
                               TokenTimes serverSendTimesNanos, Double serverTrueEnergyJ, Integer serverCachedTokens) {

    /** The usage field the reference engine puts its per-request ground truth in. */
    public static final String TRUE_ENERGY_FIELD = "joulebench_true_energy_j";

    /** In {@link #serverSendTimesNanos()}: this token's chunk carried no {@code t_send_ns}. */
    public static final long NO_SEND_TIME = Long.MIN_VALUE;

    public static final CompletionResult EMPTY = new CompletionResult(null, new long[0], null, null, null);

    /** Times given as plain arrays (fakes, tests and benches), which the result keeps. */
    public CompletionResult(String text, long[] tokenTimesNanos, Integer serverPromptTokens,
                            Integer serverCompletionTokens, String finishReason, Long retriedAtNanos,
                            long[] serverSendTimesNanos, Double serverTrueEnergyJ, Integer serverCachedTokens) {
        this(text, tokenTimesNanos == null ? null : TokenTimes.of(tokenTimesNanos), serverPromptTokens,
                serverCompletionTokens, finishReason, retriedAtNanos,
                serverSendTimesNanos == null ? null : TokenTimes.of(serverSendTimesNanos), serverTrueEnergyJ,
                serverCachedTokens);
    }

    public CompletionResult(String text, long[] tokenTimesNanos, Integer serverPromptTokens,
                            Integer serverCompletionTokens, String finishReason, Long retriedAtNanos,
                            long[] serverSendTimesNanos, Double serverTrueEnergyJ) {
        this(text, tokenTimesNanos, serverPromptTokens, serverCompletionTokens, finishReason, retriedAtNanos,
                serverSendTimesNanos, serverTrueEnergyJ, null);
    }

    public CompletionResult(String text, long[] tokenTimesNanos, Integer serverPromptTokens,
                            Integer serverCompletionTokens, String finishReason) {
        this(text, tokenTimesNanos, serverPromptTokens, serverCompletionTokens, finishReason, null, null);
    }

    public CompletionResult(String text, long[] tokenTimesNanos, Integer serverPromptTokens,
                            Integer serverCompletionTokens, String finishReason, Long retriedAtNanos) {
        this(text, tokenTimesNanos, serverPromptTokens, serverCompletionTokens, finishReason, retriedAtNanos, null);
    }

    public CompletionResult(String text, long[] tokenTimesNanos, Integer serverPromptTokens,
                            Integer serverCompletionTokens, String finishReason, Long retriedAtNanos,
                            long[] serverSendTimesNanos) {
        this(text, tokenTimesNanos, serverPromptTokens, serverCompletionTokens, finishReason, retriedAtNanos,
                serverSendTimesNanos, null);
    }

    public CompletionResult {
        if (tokenTimesNanos == null) {
            tokenTimesNanos = TokenTimes.NONE;
        }
    }

    /** This result, marked as the answer to a retry sent at {@code atNanos}. */
    public CompletionResult retriedAt(long atNanos) {
        return new CompletionResult(text, tokenTimesNanos, serverPromptTokens, serverCompletionTokens, finishReason,
                atNanos, serverSendTimesNanos, serverTrueEnergyJ, serverCachedTokens);
    }

    public boolean retried() {
        return retriedAtNanos != null;
    }

    public int tokenCount() {
        return tokenTimesNanos.size();
    }

    /** First token receipt, or null when no token arrived. */
    public Long firstTokenAtNanos() {
        return tokenTimesNanos.isEmpty() ? null : tokenTimesNanos.first();
    }

    public Long lastTokenAtNanos() {
        return tokenTimesNanos.isEmpty() ? null : tokenTimesNanos.last();
    }
}

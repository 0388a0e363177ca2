package io.joulebench.core.attribution;

/**
 * What one request did inside one window: the basis of its attributed share of the window's energy.
 *
 * @param requestIndex the request's index in its level
 * @param activeNanos  the part of [dispatched, completed] (or its last token) inside the window's span
 * @param inputTokens  prompt tokens prefilled in this window (usage.prompt_tokens in the window of the first token)
 * @param outputTokens output tokens received in this window
 */
public record RequestShare(long requestIndex, long activeNanos, long inputTokens, long outputTokens) {

    /** Prefill tokens weighted by {@code prefillWeight}, plus the output tokens. */
    double work(double prefillWeight) {
        return prefillWeight * inputTokens + outputTokens;
    }
}

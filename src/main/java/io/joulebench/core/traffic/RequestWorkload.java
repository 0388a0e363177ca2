package io.joulebench.core.traffic;

/**
 * What a workload asked of one request, recorded beside what the server did (requests.csv's fidelity columns).
 *
 * @param requestedInputTokens the prompt length asked for (a trace row's input length), or null when none was
 * @param requestedOutputTokens the output length asked for, or null when none was
 * @param sharedPrefixTokens    leading prompt tokens built identical to an earlier request's (what a prefix cache could
 *                              serve), or null when the prompt was not built to a length
 */
public record RequestWorkload(Integer requestedInputTokens, Integer requestedOutputTokens, Integer sharedPrefixTokens) {

    /** Nothing asked: a dataset prompt under {@code max_tokens}. */
    public static final RequestWorkload NONE = new RequestWorkload(null, null, null);
}

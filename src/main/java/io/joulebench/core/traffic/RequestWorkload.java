package io.joulebench.core.traffic;

/**
 * What a workload asked of one request, recorded beside what the server did (requests.csv's fidelity columns).
 *
 * @param requestedInputTokens the prompt length asked for (a trace row's input length), or null when none was
 * @param requestedOutputTokens the output length asked for, or null when none was
 * @param sharedPrefixTokens    leading prompt tokens built identical to an earlier request's (what a prefix cache could
 *                              serve), or null when the prompt was not built to a length
 * @param session               the conversation turn this request is, or null outside a session workload
 */
public record RequestWorkload(Integer requestedInputTokens, Integer requestedOutputTokens, Integer sharedPrefixTokens,
                              SessionTurn session) {

    /** Nothing asked: a dataset prompt under {@code max_tokens}. */
    public static final RequestWorkload NONE = new RequestWorkload(null, null, null, null);

    public RequestWorkload(Integer requestedInputTokens, Integer requestedOutputTokens, Integer sharedPrefixTokens) {
        this(requestedInputTokens, requestedOutputTokens, sharedPrefixTokens, null);
    }

    /** This workload as turn {@code session} of a conversation. */
    public RequestWorkload inSession(SessionTurn turn) {
        return new RequestWorkload(requestedInputTokens, requestedOutputTokens, sharedPrefixTokens, turn);
    }
}

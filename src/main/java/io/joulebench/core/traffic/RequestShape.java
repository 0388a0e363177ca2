package io.joulebench.core.traffic;

import java.util.Map;

/**
 * What request {@code index} sends: an OpenAI request body (without the {@code stream} fields, which the transport
 * adds), and what the workload asked of it ({@link RequestWorkload#NONE} for a plain rate level). The payload is
 * opaque to the issuer.
 */
public record RequestShape(int index, Map<String, Object> payload, RequestWorkload workload) {

    public RequestShape {
        payload = Map.copyOf(payload);
        workload = workload == null ? RequestWorkload.NONE : workload;
    }

    public RequestShape(int index, Map<String, Object> payload) {
        this(index, payload, RequestWorkload.NONE);
    }

    /**
     * Whether the transport must keep the reply's text ({@link CompletionResult#text()}) even when it keeps none
     * otherwise: a conversation turn's reply is the next turn's history.
     */
    public boolean keepsReply() {
        return workload.session() != null;
    }
}

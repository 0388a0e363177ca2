package io.joulebench.core.traffic;

import java.util.Map;

/**
 * What request {@code index} sends: an OpenAI request body (without the {@code stream} fields, which the transport
 * adds). The payload is opaque to the issuer.
 */
public record RequestShape(int index, Map<String, Object> payload) {

    public RequestShape {
        payload = Map.copyOf(payload);
    }
}

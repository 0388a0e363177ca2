package io.joulebench.core.server;

import java.net.URI;
import java.util.Map;

/**
 * A server the endpoint runner attached to: Joulebench neither started it nor can see its process, so it is taken to
 * be alive (a dead one fails its requests, which the levels report) and has no log. Its requests carry the API key.
 */
final class AttachedServer implements ServerHandle {

    private final URI baseUrl;
    private final Map<String, String> headers;
    private volatile boolean released;

    AttachedServer(URI baseUrl, Map<String, String> headers) {
        this.baseUrl = EndpointUrl.base(baseUrl);
        this.headers = Map.copyOf(headers);
    }

    @Override
    public URI baseUrl() {
        return baseUrl;
    }

    @Override
    public int port() {
        int port = baseUrl.getPort();
        return port >= 0 ? port : "https".equalsIgnoreCase(baseUrl.getScheme()) ? 443 : 80;
    }

    @Override
    public String describe() {
        return "attached " + EndpointUrl.redacted(baseUrl);
    }

    @Override
    public String logTail(int chars) {
        return "";
    }

    @Override
    public boolean isAlive() {
        return !released;
    }

    @Override
    public Map<String, String> requestHeaders() {
        return released ? Map.of() : headers;
    }

    /** Forgets the key; the server itself is left as it was. */
    void release() {
        released = true;
    }
}

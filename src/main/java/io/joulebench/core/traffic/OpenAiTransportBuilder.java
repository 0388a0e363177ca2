package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Builds an OpenAI streaming transport on one HTTP client. Base URL (required), endpoint (completions), headers
 * (none), read timeout (60 s), clock (system), text kept.
 *
 * @param <T> the transport type built
 */
public final class OpenAiTransportBuilder<T extends StreamingTransport> {
    private final Function<OpenAiTransportOptions, T> factory;
    private URI baseUrl;
    private OpenAiEndpoint endpoint = OpenAiEndpoint.COMPLETIONS;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private Duration readTimeout = Duration.ofSeconds(60);
    private Clock clock = Clock.system();
    private boolean keepText = true;
    private boolean captureSendTimes;

    OpenAiTransportBuilder(Function<OpenAiTransportOptions, T> factory) {
        this.factory = factory;
    }

    /** The server root, e.g. {@code http://127.0.0.1:8000}; the endpoint path is appended. */
    public OpenAiTransportBuilder<T> baseUrl(URI baseUrl) {
        this.baseUrl = baseUrl;
        return this;
    }

    public OpenAiTransportBuilder<T> endpoint(OpenAiEndpoint endpoint) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        return this;
    }

    /** An extra request header such as {@code Authorization}; its value is never logged. */
    public OpenAiTransportBuilder<T> header(String name, String value) {
        headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Longest wait for the response headers and between two body chunks. */
    public OpenAiTransportBuilder<T> readTimeout(Duration readTimeout) {
        if (readTimeout == null || readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException("readTimeout must be > 0 (got " + readTimeout + ")");
        }
        this.readTimeout = readTimeout;
        return this;
    }

    /** The shared clock that stamps token receipts. */
    public OpenAiTransportBuilder<T> clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    public OpenAiTransportBuilder<T> keepText(boolean keepText) {
        this.keepText = keepText;
        return this;
    }

    /** Keep each token chunk's top-level {@code t_send_ns} (a benchmark server's send time); off by default. */
    public OpenAiTransportBuilder<T> captureSendTimes(boolean capture) {
        this.captureSendTimes = capture;
        return this;
    }

    public T build() {
        String base = Objects.requireNonNull(baseUrl, "baseUrl").toString();
        URI uri = URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + endpoint.path());
        return factory.apply(new OpenAiTransportOptions(uri, endpoint, headers, readTimeout, clock, keepText,
                captureSendTimes));
    }
}

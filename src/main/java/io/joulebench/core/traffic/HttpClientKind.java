package io.joulebench.core.traffic;

import java.util.Locale;

/** Which HTTP client an OpenAI streaming transport runs on. */
public enum HttpClientKind {
    /** {@code java.net.http}: {@link OpenAiStreamingTransport}. */
    JDK,
    /** Apache HttpClient 5 classic, blocking on the request's virtual thread: {@link Http5StreamingTransport}. */
    HTTP5;

    /**
     * The client sessions and {@code bench issuance} use unless told otherwise. Still {@code java.net.http}: HTTP5 needs
     * 2–3× less CPU per request and has no errors at 5,000 req/s, but its p99 lateness at 1,000 req/s was worse in 5
     * of 6 pairs on 2 shared cores (docs/performance.md, "HTTP client").
     */
    public static final HttpClientKind DEFAULT = JDK;

    public OpenAiTransportBuilder<StreamingTransport> builder() {
        return switch (this) {
            case JDK -> new OpenAiTransportBuilder<>(OpenAiStreamingTransport::new);
            case HTTP5 -> new OpenAiTransportBuilder<>(Http5StreamingTransport::new);
        };
    }

    /** {@code jdk} or {@code http5}, any case. */
    public static HttpClientKind parse(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "jdk" -> JDK;
            case "http5" -> HTTP5;
            default -> throw new IllegalArgumentException("HTTP client must be jdk or http5 (got '" + name + "')");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

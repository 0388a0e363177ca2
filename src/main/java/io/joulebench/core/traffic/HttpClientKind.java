package io.joulebench.core.traffic;

import java.util.Locale;

/** Which HTTP client an OpenAI streaming transport runs on. */
public enum HttpClientKind {
    /** {@code java.net.http}: {@link OpenAiStreamingTransport}. */
    JDK,
    /** Apache HttpClient 5 classic, blocking on the request's virtual thread: {@link Http5StreamingTransport}. */
    HTTP5,
    /**
     * Write-on-schedule over java.nio: requests written at the instant from the issuer's pacer on pre-opened
     * connections, responses read by one selector loop: {@link NioStreamingTransport}. Plain http:// only.
     */
    NIO;

    /**
     * The client sessions and {@code bench issuance} use unless told otherwise: HTTP5. On a quiet 2-core machine it won
     * all 6 pairs against {@code java.net.http}: at 1,000 req/s p99 lateness 278–320 µs against 495–1,587 µs at
     * 24–30 % client CPU against 52–61 %; at 5,000 req/s p99 1.3–3.8 ms against 13 ms–2.5 s, with no errors where
     * JDK lost 7,341 requests once (docs/performance.md, "HTTP client"; bench/results/clients-20261201.jsonl).
     */
    public static final HttpClientKind DEFAULT = HTTP5;

    public OpenAiTransportBuilder<StreamingTransport> builder() {
        return switch (this) {
            case JDK -> new OpenAiTransportBuilder<>(OpenAiStreamingTransport::new);
            case HTTP5 -> new OpenAiTransportBuilder<>(Http5StreamingTransport::new);
            case NIO -> new OpenAiTransportBuilder<>(NioStreamingTransport::new);
        };
    }

    /** {@code jdk}, {@code http5} or {@code nio}, any case. */
    public static HttpClientKind parse(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "jdk" -> JDK;
            case "http5" -> HTTP5;
            case "nio" -> NIO;
            default -> throw new IllegalArgumentException("HTTP client must be jdk, http5 or nio (got '" + name + "')");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

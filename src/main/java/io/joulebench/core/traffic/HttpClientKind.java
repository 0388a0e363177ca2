package io.joulebench.core.traffic;

import java.net.URI;
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
     * The client sessions and {@code bench issuance} use unless told otherwise: {@link #NIO} for a plain
     * {@code http://} server, {@link #HTTP5} for {@code https://}, which nio does not speak. On one quiet 2-core machine,
     * alternating against one null server (docs/performance.md, "Targets (issue 17)"), nio held every rate HTTP5 held
     * with 2.1–4.1× less client CPU per request and 2.1–4.7× less per token, kept 10,000 req/s on schedule (p99 6.2 ms
     * against HTTP5's 2.3 s), and its median receipt lag stayed 49–86 µs from 50 to 1,000 streams (HTTP5 150 µs to
     * 5.0 ms); it runs against the real llama.cpp server with no error (LlamaCppSessionIT). Decision 0018.
     */
    public static HttpClientKind defaultFor(URI target) {
        return target == null || "http".equalsIgnoreCase(target.getScheme()) ? NIO : HTTP5;
    }

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

package io.joulebench.core.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.time.Clock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams one OpenAI-compatible completion per call over {@code java.net.http}: POSTs the payload plus
 * {@code "stream": true, "stream_options": {"include_usage": true}}, fails on a non-2xx status, and feeds the body to
 * an {@link OpenAiStreamParser}. Any mid-stream failure — reset, read timeout between chunks, bad JSON, an over-long
 * line, an interrupt — throws a {@link TransportException} carrying the partial result. Extra headers (e.g.
 * {@code Authorization}) are sent but never logged nor put into error texts.
 */
public final class OpenAiStreamingTransport implements Transport, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OpenAiStreamingTransport.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ERROR_BODY_BYTES = 512;

    private final URI uri;
    private final OpenAiEndpoint endpoint;
    private final Map<String, String> headers;
    private final Duration readTimeout;
    private final Clock clock;
    private final boolean keepText;
    private final HttpClient client;

    private OpenAiStreamingTransport(Builder b) {
        String base = Objects.requireNonNull(b.baseUrl, "baseUrl").toString();
        this.endpoint = b.endpoint;
        this.uri = URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + endpoint.path());
        this.headers = Map.copyOf(b.headers);
        this.readTimeout = b.readTimeout;
        this.clock = b.clock;
        this.keepText = b.keepText;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(readTimeout).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public OpenAiEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
        HttpRequest.Builder http = HttpRequest.newBuilder(uri)
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body(request)));
        headers.forEach(http::header);
        CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> future =
                client.sendAsync(http.build(), HttpResponse.BodyHandlers.ofPublisher());
        HttpResponse<Flow.Publisher<List<ByteBuffer>>> response;
        try {
            response = future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw new TransportException("request to " + endpoint.path() + " failed: " + describe(e.getCause()),
                    CompletionResult.EMPTY, e.getCause());
        }
        ChunkQueue chunks = new ChunkQueue();
        response.body().subscribe(chunks);
        if (response.statusCode() / 100 != 2) {
            throw new TransportException("HTTP " + response.statusCode() + " from " + endpoint.path() + ": "
                    + errorExcerpt(chunks), CompletionResult.EMPTY);
        }
        return stream(chunks, new OpenAiStreamParser(endpoint, clock, keepText));
    }

    private CompletionResult stream(ChunkQueue chunks, OpenAiStreamParser parser) throws TransportException {
        try {
            while (true) {
                ChunkQueue.Item item = chunks.next(readTimeout);
                if (item == null) {
                    if (parser.done()) {
                        break;
                    }
                    throw failure(parser, "no data for " + readTimeout.toMillis() + " ms (read timeout)", null);
                }
                if (item.error() != null) {
                    if (parser.done()) {
                        break;
                    }
                    throw failure(parser, "stream broke: " + describe(item.error()), item.error());
                }
                if (item.buffers() == null) {
                    parser.endOfStream();
                    if (!parser.done()) {
                        throw failure(parser, "stream ended before [DONE]", null);
                    }
                    break;
                }
                for (ByteBuffer buffer : item.buffers()) {
                    parser.accept(buffer);
                }
            }
        } catch (OpenAiStreamParser.MalformedStreamException e) {
            throw failure(parser, e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure(parser, "cancelled", e);
        } finally {
            chunks.cancel();
        }
        if (!parser.notes().isEmpty()) {
            LOG.debug("stream from {} had refused values: {}", endpoint.path(), parser.notes());
        }
        return parser.result();
    }

    private TransportException failure(OpenAiStreamParser parser, String what, Throwable cause) {
        return new TransportException(what + " after " + parser.tokenCount() + " tokens", parser.result(), cause);
    }

    private byte[] body(RequestShape request) throws TransportException {
        Map<String, Object> body = new LinkedHashMap<>(request.payload());
        body.put("stream", true);
        body.put("stream_options", Map.of("include_usage", true));
        try {
            return JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new TransportException("payload of request " + request.index() + " is not JSON-serialisable: "
                    + e.getOriginalMessage(), CompletionResult.EMPTY, e);
        }
    }

    /** Up to {@value #ERROR_BODY_BYTES} bytes of an error body, on one line. */
    private String errorExcerpt(ChunkQueue chunks) throws InterruptedException {
        byte[] excerpt = new byte[ERROR_BODY_BYTES];
        int length = 0;
        try {
            while (length < ERROR_BODY_BYTES) {
                ChunkQueue.Item item = chunks.next(readTimeout);
                if (item == null || item.buffers() == null) {
                    break;
                }
                for (ByteBuffer buffer : item.buffers()) {
                    int n = Math.min(buffer.remaining(), ERROR_BODY_BYTES - length);
                    buffer.get(excerpt, length, n);
                    length += n;
                }
            }
        } finally {
            chunks.cancel();
        }
        String text = OpenAiStreamParser.excerpt(new String(excerpt, 0, length, StandardCharsets.UTF_8));
        return text.isEmpty() ? "(empty body)" : text;
    }

    private static String describe(Throwable t) {
        if (t == null) {
            return "unknown failure";
        }
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    @Override
    public void close() {
        client.shutdownNow();
    }

    /** Base URL (required), endpoint (completions), headers (none), read timeout (60 s), clock (system), text kept. */
    public static final class Builder {
        private URI baseUrl;
        private OpenAiEndpoint endpoint = OpenAiEndpoint.COMPLETIONS;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Duration readTimeout = Duration.ofSeconds(60);
        private Clock clock = Clock.system();
        private boolean keepText = true;

        private Builder() {
        }

        /** The server root, e.g. {@code http://127.0.0.1:8000}; the endpoint path is appended. */
        public Builder baseUrl(URI baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        public Builder endpoint(OpenAiEndpoint endpoint) {
            this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
            return this;
        }

        /** An extra request header such as {@code Authorization}; its value is never logged. */
        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Longest wait for the response headers and between two body chunks. */
        public Builder readTimeout(Duration readTimeout) {
            if (readTimeout == null || readTimeout.isNegative() || readTimeout.isZero()) {
                throw new IllegalArgumentException("readTimeout must be > 0 (got " + readTimeout + ")");
            }
            this.readTimeout = readTimeout;
            return this;
        }

        /** The shared clock that stamps token receipts. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        public Builder keepText(boolean keepText) {
            this.keepText = keepText;
            return this;
        }

        public OpenAiStreamingTransport build() {
            return new OpenAiStreamingTransport(this);
        }
    }
}

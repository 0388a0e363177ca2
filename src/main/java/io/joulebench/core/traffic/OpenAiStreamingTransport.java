package io.joulebench.core.traffic;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;

/**
 * Streams one OpenAI-compatible completion per call over {@code java.net.http}: POSTs the payload plus
 * {@code "stream": true, "stream_options": {"include_usage": true}}, fails on a non-2xx status, and feeds the body to
 * an {@link OpenAiStreamParser}. Any mid-stream failure — reset, read timeout between chunks, bad JSON, an over-long
 * line, an interrupt — throws a {@link TransportException} carrying the partial result. Extra headers (e.g.
 * {@code Authorization}) are sent but never logged nor put into error texts.
 */
public final class OpenAiStreamingTransport implements StreamingTransport {

    private final OpenAiTransportOptions options;
    private final HttpClient client;

    OpenAiStreamingTransport(OpenAiTransportOptions options) {
        this.options = options;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(options.readTimeout()).build();
    }

    public static OpenAiTransportBuilder<OpenAiStreamingTransport> builder() {
        return new OpenAiTransportBuilder<>(OpenAiStreamingTransport::new);
    }

    @Override
    public OpenAiEndpoint endpoint() {
        return options.endpoint();
    }

    @Override
    public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
        HttpRequest.Builder http = HttpRequest.newBuilder(options.uri())
                .timeout(options.readTimeout())
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(options.body(request)));
        options.headers().forEach(http::header);
        CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> future =
                client.sendAsync(http.build(), HttpResponse.BodyHandlers.ofPublisher());
        HttpResponse<Flow.Publisher<List<ByteBuffer>>> response;
        try {
            response = future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw options.requestFailed(e.getCause());
        }
        ChunkQueue chunks = new ChunkQueue();
        response.body().subscribe(chunks);
        if (response.statusCode() / 100 != 2) {
            throw errorStatus(response.statusCode(), chunks);
        }
        return stream(chunks, options.parser(request));
    }

    private CompletionResult stream(ChunkQueue chunks, OpenAiStreamParser parser) throws TransportException {
        try {
            while (true) {
                ChunkQueue.Item item = chunks.next(options.readTimeout());
                if (item == null) {
                    if (parser.done()) {
                        break;
                    }
                    throw OpenAiTransportOptions.failure(parser, options.readTimeoutText(), null);
                }
                if (item.error() != null) {
                    if (parser.done()) {
                        break;
                    }
                    throw OpenAiTransportOptions.failure(parser,
                            "stream broke: " + OpenAiTransportOptions.describe(item.error()), item.error());
                }
                if (item.buffers() == null) {
                    parser.endOfStream();
                    if (!parser.done()) {
                        throw OpenAiTransportOptions.failure(parser, "stream ended before [DONE]", null);
                    }
                    break;
                }
                for (ByteBuffer buffer : item.buffers()) {
                    parser.accept(buffer);
                }
            }
        } catch (OpenAiStreamParser.MalformedStreamException e) {
            throw OpenAiTransportOptions.failure(parser, options.scrub(e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw OpenAiTransportOptions.failure(parser, "cancelled", e);
        } finally {
            chunks.cancel();
        }
        return parser.result();
    }

    /** The status with up to {@value OpenAiTransportOptions#ERROR_BODY_BYTES} bytes of the error body. */
    private TransportException errorStatus(int status, ChunkQueue chunks) throws InterruptedException {
        byte[] excerpt = new byte[OpenAiTransportOptions.ERROR_BODY_BYTES];
        int length = 0;
        try {
            while (length < excerpt.length) {
                ChunkQueue.Item item = chunks.next(options.readTimeout());
                if (item == null || item.buffers() == null) {
                    break;
                }
                for (ByteBuffer buffer : item.buffers()) {
                    int n = Math.min(buffer.remaining(), excerpt.length - length);
                    buffer.get(excerpt, length, n);
                    length += n;
                }
            }
        } finally {
            chunks.cancel();
        }
        return options.httpStatus(status, excerpt, length);
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}

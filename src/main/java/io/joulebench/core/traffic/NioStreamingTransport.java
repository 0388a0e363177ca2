package io.joulebench.core.traffic;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Write-on-schedule transport (docs/decisions/0018-write-on-schedule-transport.md): each request's bytes are
 * serialised ahead of time into a pooled direct buffer ({@link NioRequestBuffers}, so the write copies nothing) and
 * written to an already-open keep-alive connection by the thread that calls {@link Prepared#write} (the issuer's
 * pacer, at the instant); one event-loop thread on a {@link Selector} reads every response. Each read is stamped
 * once, right after it returns, and every token whose line that read completed gets that stamp
 * ({@link OpenAiStreamParser} on a read-stamp clock), before any HTTP framing or JSON is parsed.
 *
 * <p>The pool starts opening a connection (never blocking: a server with a full accept queue can take seconds to
 * answer a SYN) only when none is idle, and asks the loop to open spares (a quarter of those in use) whenever fewer
 * are idle, so a steady load finds one waiting. A request whose connection is still opening at its instant is written
 * by the loop once it is open ({@link ScheduledTransport#DEFERRED}); its write lateness then includes that wait.
 * A connection the server closed while idle is dropped when the loop sees its end; one it closed unseen (no byte
 * answered on a reused connection) gets the request once more on a fresh connection, marked retried, and from then
 * on connections are not kept after streamed responses, as {@link Http5StreamingTransport} does (decision 0006).
 * Plain {@code http://} only.
 *
 * <p>The parts: {@link NioConnectionPool} (idle, in-use and opening connections, the pool's policy),
 * {@link NioEventLoop} (the selector thread: registration, reads, flushes, the read-timeout sweep),
 * {@link NioExchange} (one request: its write, framing, parse, retry and outcome) and {@link NioConnection}.
 */
public final class NioStreamingTransport implements StreamingTransport, ScheduledTransport {

    private final OpenAiTransportOptions options;
    private final String head;
    private final NioConnectionPool pool;
    private final NioEventLoop loop;
    private final NioRequestBuffers buffers = NioRequestBuffers.configured();

    NioStreamingTransport(OpenAiTransportOptions options) {
        this.options = options;
        if (!"http".equalsIgnoreCase(options.uri().getScheme())) {
            throw new IllegalArgumentException("the nio client speaks plain http:// only (got " + options.uri()
                    + "); use --client http5 for https");
        }
        int port = options.uri().getPort() < 0 ? 80 : options.uri().getPort();
        StringBuilder h = new StringBuilder(256).append("POST ").append(options.uri().getRawPath())
                .append(" HTTP/1.1\r\nHost: ").append(options.uri().getHost()).append(':').append(port)
                .append("\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n");
        for (Map.Entry<String, String> e : options.headers().entrySet()) {
            h.append(e.getKey()).append(": ").append(e.getValue()).append("\r\n");
        }
        this.head = h.append("Content-Length: ").toString();
        this.pool = new NioConnectionPool(options, new InetSocketAddress(options.uri().getHost(), port));
        this.loop = new NioEventLoop(options, pool);
    }

    public static OpenAiTransportBuilder<NioStreamingTransport> builder() {
        return new OpenAiTransportBuilder<>(NioStreamingTransport::new);
    }

    @Override
    public OpenAiEndpoint endpoint() {
        return options.endpoint();
    }

    @Override
    public Prepared prepare(RequestShape request) throws TransportException {
        return prepare(encode(request));
    }

    /** The request's head and body in one pooled direct buffer, ready for the pacer's write. */
    @Override
    public Encoded encode(RequestShape request) throws TransportException {
        checkOpen();
        byte[] body = options.body(request);
        return new NioEncoded(request, buffers.copy(HttpResponseReader.ascii(head + body.length + "\r\n\r\n"), body),
                buffers);
    }

    @Override
    public Prepared prepare(Encoded encoded) throws TransportException {
        NioEncoded bytes;
        if (encoded instanceof NioEncoded own && own.from(buffers)) {
            bytes = own;
        } else {
            encoded.release(); // another transport's bytes
            bytes = (NioEncoded) encode(encoded.shape());
        }
        try {
            checkOpen();
        } catch (TransportException e) {
            bytes.release();
            throw e;
        }
        NioConnection conn = pool.takeIdle();
        if (conn == null) {
            conn = pool.open(true);
            loop.registerReserved(conn);
        }
        int spares = pool.checkedOut();
        if (spares > 0) {
            loop.openSpares(spares);
        }
        return new NioExchange(options, pool, loop, conn, bytes.take(), buffers, options.keepsText(bytes.shape()));
    }

    private void checkOpen() throws TransportException {
        if (pool.closed()) {
            throw new TransportException("transport closed", CompletionResult.EMPTY);
        }
    }

    @Override
    public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
        Prepared prepared = prepare(request);
        CompletableFuture<CompletionResult> outcome = new CompletableFuture<>();
        prepared.write(new Callback() {
            @Override
            public void completed(CompletionResult result) {
                outcome.complete(result);
            }

            @Override
            public void failed(TransportException failure) {
                outcome.completeExceptionally(failure);
            }
        });
        try {
            return unwrap(outcome::get);
        } catch (InterruptedException e) {
            prepared.cancel(); // the loop answers a cancel at once, with the partial result
            try {
                return unwrap(outcome::join);
            } finally {
                Thread.currentThread().interrupt();
            }
        }
    }

    private interface Outcome {
        CompletionResult get() throws InterruptedException, ExecutionException;
    }

    private static CompletionResult unwrap(Outcome outcome) throws TransportException, InterruptedException {
        try {
            return outcome.get();
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof TransportException t) {
                throw t;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Direct bytes its request buffers hold, lent or free (tests). */
    long directRequestBytes() {
        return buffers.directBytes();
    }

    @Override
    public void close() {
        if (pool.closed()) {
            return;
        }
        pool.markClosed();
        loop.shutdown();
        pool.closeIdle();
    }
}

package io.joulebench.core.traffic;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultClientConnectionReuseStrategy;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ConnectionReuseStrategy;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams one OpenAI-compatible completion per call over Apache HttpClient 5's classic (blocking) API, on the calling
 * request's virtual thread: no callback threads, no hops. A pooled keep-alive connection is leased, the request
 * written, and the response body read straight from the socket into an {@link OpenAiStreamParser}. Same contract as
 * {@link OpenAiStreamingTransport}: non-2xx is an error with a short body excerpt; any mid-stream failure (reset,
 * read timeout between chunks, bad JSON, interrupt) keeps the partial result; extra headers are never logged.
 *
 * <p>An interrupt cancels promptly when the caller is a virtual thread (the JDK closes a socket whose virtual-thread
 * reader is interrupted), which is how the open-loop issuer calls every transport.
 *
 * <p><b>Stale pooled connections.</b> A classic (blocking) pool cannot see a server close an idle connection: it
 * checks only connections idle for over a second, since the check costs a 1 ms read. llama.cpp's server closes the
 * connection right after every streamed response while still answering {@code Keep-Alive: timeout=5, max=100};
 * servers with idle timeouts they do not advertise close them a little later. A request written onto such a
 * connection gets no byte back ({@link NoHttpResponseException}), and the server never read it. That is a client
 * artifact, not a server failure: it is sent once more on a connection opened for it ({@code retriedAtNanos} marks
 * it, and the issuer counts its lateness from the retry), and from then on this transport stops pooling connections
 * after streamed responses, so the retries stop too (docs/decisions/0006-stale-connection-retry.md).
 */
public final class Http5StreamingTransport implements StreamingTransport {

    private static final Logger LOG = LoggerFactory.getLogger(Http5StreamingTransport.class);
    /** Upper bound of pooled connections; the pool opens only what is in flight at once. */
    static final int MAX_CONNECTIONS = 4096;
    private static final int READ_BUFFER = 4096;
    private static final ContentType JSON = ContentType.APPLICATION_JSON;

    private final OpenAiTransportOptions options;
    /** Set once a reused connection turned out to be closed: from then on no connection is pooled after a stream. */
    private final AtomicBoolean closesAfterStream = new AtomicBoolean();
    private final CloseableHttpClient client;
    /** Never reuses a connection: sends the retry of a request that met a stale one. */
    private final CloseableHttpClient freshClient;

    Http5StreamingTransport(OpenAiTransportOptions options) {
        this.options = options;
        ConnectionReuseStrategy pooled = DefaultClientConnectionReuseStrategy.INSTANCE;
        this.client = client(options, (request, response, context) ->
                !(closesAfterStream.get() && isStream(response)) && pooled.keepAlive(request, response, context));
        this.freshClient = client(options, (request, response, context) -> false);
    }

    private static boolean isStream(HttpResponse response) {
        return response.containsHeader("Transfer-Encoding")
                || String.valueOf(response.getFirstHeader("Content-Type")).contains("text/event-stream");
    }

    private static CloseableHttpClient client(OpenAiTransportOptions options, ConnectionReuseStrategy reuse) {
        Timeout timeout = Timeout.of(options.readTimeout());
        PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setPoolConcurrencyPolicy(PoolConcurrencyPolicy.LAX)
                .setMaxConnTotal(MAX_CONNECTIONS)
                .setMaxConnPerRoute(MAX_CONNECTIONS)
                .setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true).setSoTimeout(timeout).build())
                .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(timeout)
                        .setSocketTimeout(timeout).setValidateAfterInactivity(TimeValue.ofSeconds(1)).build())
                .build();
        return HttpClients.custom()
                .setConnectionManager(pool)
                .setConnectionReuseStrategy(reuse)
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(timeout)
                        .setConnectionRequestTimeout(timeout).setRedirectsEnabled(false).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .build();
    }

    public static OpenAiTransportBuilder<Http5StreamingTransport> builder() {
        return new OpenAiTransportBuilder<>(Http5StreamingTransport::new);
    }

    @Override
    public OpenAiEndpoint endpoint() {
        return options.endpoint();
    }

    @Override
    public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
        return exchange(client, options.body(request), true, options.keepsText(request));
    }

    /** One attempt; the first one, when it met a stale pooled connection, is sent once more on a fresh one. */
    private CompletionResult exchange(CloseableHttpClient through, byte[] body, boolean first, boolean keepText)
            throws TransportException, InterruptedException {
        HttpClientContext context = HttpClientContext.create();
        HttpPost post = post(body);
        CloseableHttpResponse response;
        try {
            response = execute(through, post, context);
        } catch (IOException e) {
            post.cancel();
            if (Thread.interrupted()) {
                throw new InterruptedException("cancelled before the response headers");
            }
            if (first && metStaleConnection(e, context.getEndpointDetails())) {
                return retryOnFreshConnection(body, keepText);
            }
            throw options.requestFailed(e);
        }
        return respond(post, response, keepText);
    }

    private CompletionResult retryOnFreshConnection(byte[] body, boolean keepText) throws TransportException, InterruptedException {
        if (closesAfterStream.compareAndSet(false, true)) {
            LOG.info("{} closed a pooled connection without answering on it; requests that meet one are sent "
                    + "again on a fresh connection (marked retried), and connections are no longer pooled after "
                    + "a streamed response", options.uri().getAuthority());
        }
        long retriedAt = options.clock().nanoTime();
        try {
            return exchange(freshClient, body, false, keepText).retriedAt(retriedAt);
        } catch (TransportException retryFailure) {
            throw retryFailure.retriedAt(retriedAt);
        }
    }

    /**
     * True when the request went out on a connection that had already served a response and nothing at all came
     * back on it: the server had closed the connection (or reset it) before it read the request.
     */
    static boolean metStaleConnection(IOException e, EndpointDetails connection) {
        boolean noAnswer = e instanceof NoHttpResponseException
                || e instanceof SocketException && !(e instanceof java.net.ConnectException);
        return noAnswer && connection != null && connection.getRequestCount() > 1
                && connection.getResponseCount() < connection.getRequestCount();
    }

    private HttpPost post(byte[] body) {
        HttpPost post = new HttpPost(options.uri());
        post.setHeader("Accept", "text/event-stream");
        options.headers().forEach(post::setHeader);
        post.setEntity(new ByteArrayEntity(body, JSON));
        return post;
    }

    private CompletionResult respond(HttpPost post, CloseableHttpResponse response, boolean keepText) throws TransportException {
        try {
            HttpEntity entity = response.getEntity();
            if (response.getCode() / 100 != 2) {
                throw errorStatus(post, response.getCode(), entity);
            }
            if (entity == null) {
                post.cancel();
                throw OpenAiTransportOptions.failure(options.parser(), "stream ended before [DONE]", null);
            }
            return stream(post, entity, options.parser(keepText));
        } finally {
            closeQuietly(response);
        }
    }

    /** After a full read the connection is already back in the pool; after a cancel this only frees the lease. */
    private void closeQuietly(CloseableHttpResponse response) {
        try {
            response.close();
        } catch (IOException e) {
            LOG.debug("closing a response from {} failed: {}", options.endpoint().path(), e.toString());
        }
    }

    @SuppressWarnings("deprecation") // executeOpen is the 5.4+ name; execute(request) keeps the response open the same way
    private static CloseableHttpResponse execute(CloseableHttpClient through, HttpPost post, HttpClientContext context)
            throws IOException {
        return through.execute(post, context);
    }

    private CompletionResult stream(HttpPost post, HttpEntity entity, OpenAiStreamParser parser)
            throws TransportException {
        byte[] buffer = new byte[READ_BUFFER];
        try {
            InputStream in = entity.getContent();
            int n;
            while (!parser.done() && (n = in.read(buffer)) >= 0) {
                parser.accept(buffer, 0, n);
            }
            if (!parser.done()) {
                parser.endOfStream();
                if (!parser.done()) {
                    post.cancel();
                    throw OpenAiTransportOptions.failure(parser, "stream ended before [DONE]", null);
                }
            }
            // Read to the end of the body so the connection goes back to the pool for the next request.
            EntityUtils.consume(entity);
        } catch (OpenAiStreamParser.MalformedStreamException e) {
            post.cancel(); // drop the connection rather than drain the rest of a bad stream
            throw OpenAiTransportOptions.failure(parser, options.scrub(e.getMessage()), e);
        } catch (IOException e) {
            post.cancel();
            if (Thread.currentThread().isInterrupted()
                    || e instanceof InterruptedIOException && !(e instanceof SocketTimeoutException)) {
                Thread.currentThread().interrupt();
                throw OpenAiTransportOptions.failure(parser, "cancelled", e);
            }
            if (parser.done()) {
                return parser.result(); // [DONE] arrived; only the connection's tail broke
            }
            String what = e instanceof SocketTimeoutException ? options.readTimeoutText()
                    : "stream broke: " + OpenAiTransportOptions.describe(e);
            throw OpenAiTransportOptions.failure(parser, what, e);
        }
        return parser.result();
    }

    /** The status with up to {@value OpenAiTransportOptions#ERROR_BODY_BYTES} bytes of the error body. */
    private TransportException errorStatus(HttpPost post, int status, HttpEntity entity) {
        byte[] excerpt = new byte[OpenAiTransportOptions.ERROR_BODY_BYTES];
        int length = 0;
        if (entity != null) {
            try {
                InputStream in = entity.getContent();
                int n;
                while (length < excerpt.length && (n = in.read(excerpt, length, excerpt.length - length)) >= 0) {
                    length += n;
                }
            } catch (IOException e) {
                LOG.debug("error body from {} unreadable: {}", options.endpoint().path(), e.toString());
            }
        }
        post.cancel(); // never drain or reuse the connection of an error answer
        return options.httpStatus(status, excerpt, length);
    }

    @Override
    public void close() {
        client.close(CloseMode.IMMEDIATE);
        freshClient.close(CloseMode.IMMEDIATE);
    }
}

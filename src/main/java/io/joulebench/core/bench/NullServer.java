package io.joulebench.core.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cheapest OpenAI-compatible streaming endpoint we could write, for measuring the client alone: one selector thread,
 * HTTP/1.1 keep-alive, pipelining-safe, every response pre-encoded. {@code POST /v1/completions} (and
 * {@code /v1/chat/completions}) answer one token chunk, a usage chunk and {@code [DONE]} as a Content-Length SSE body;
 * {@code GET /health} answers 200. Request bodies are skipped unread. Binds 127.0.0.1 only.
 */
public final class NullServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NullServer.class);
    /** A request head or body larger than this closes the connection with 413 (the null server is no real server). */
    static final int MAX_REQUEST_BYTES = 1 << 20;

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final Thread loop;
    private final AtomicLong served = new AtomicLong();
    private volatile boolean closed;

    private NullServer(int port) throws IOException {
        selector = Selector.open();
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        loop = Thread.ofPlatform().name("joulebench-null-server").daemon(true).unstarted(this::serve);
    }

    /** Binds 127.0.0.1:{@code port} (0 = any free port) and starts serving on its own daemon thread. */
    public static NullServer start(int port) throws IOException {
        NullServer server = new NullServer(port);
        server.loop.start();
        return server;
    }

    public int port() {
        return listener.socket().getLocalPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /** Responses written so far (health and errors included). */
    public long served() {
        return served.get();
    }

    /** The serving thread, e.g. to read its CPU time. */
    public Thread thread() {
        return loop;
    }

    /** Blocks until the server is closed or the thread is interrupted. */
    public void awaitClose() throws InterruptedException {
        loop.join();
    }

    private void serve() {
        try {
            while (!closed) {
                selector.select();
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    handle(key);
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!closed) {
                LOG.warn("null server stopped: {}", e.toString());
            }
        }
    }

    private void handle(SelectionKey key) {
        try {
            if (!key.isValid()) {
                return;
            }
            if (key.isAcceptable()) {
                accept();
                return;
            }
            NullConnection connection = (NullConnection) key.attachment();
            if (key.isWritable() && connection.flush()) {
                if (connection.closeAfterFlush()) {
                    close(key);
                    return;
                }
                key.interestOps(SelectionKey.OP_READ);
            }
            if (key.isValid() && key.isReadable()) {
                int responses = connection.read();
                served.addAndGet(Math.max(0, responses));
                if (responses < 0 || connection.closeAfterFlush() && !connection.hasPending()) {
                    close(key);
                } else if (connection.hasPending()) {
                    key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                }
            }
        } catch (IOException e) {
            if (key.channel() == listener) {
                LOG.warn("null server cannot accept: {}", e.toString());
            } else {
                close(key);
            }
        }
    }

    private void accept() throws IOException {
        SocketChannel channel;
        while ((channel = listener.accept()) != null) {
            channel.configureBlocking(false);
            channel.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
            key.attach(new NullConnection(channel));
        }
    }

    private static void close(SelectionKey key) {
        key.cancel();
        try {
            key.channel().close();
        } catch (IOException ignored) {
            // closing a broken connection; nothing to report
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        selector.wakeup();
        try {
            loop.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            selector.close();
            listener.close();
        } catch (IOException | ClosedSelectorException e) {
            LOG.debug("closing the null server: {}", e.toString());
        }
    }

    /** Wraps bytes for one write; the shared pre-encoded arrays are never modified. */
    static ByteBuffer wrap(byte[] bytes) {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }
}

package io.joulebench.core.traffic;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A request {@link NioStreamingTransport} serialised ahead of its turn: its bytes in a pooled buffer of
 * {@code buffers}, handed on once, either to the exchange that writes them ({@link #take}) or back to the pool
 * ({@link #release}), whichever comes first.
 */
final class NioEncoded implements ScheduledTransport.Encoded {

    private final RequestShape shape;
    private final AtomicReference<ByteBuffer> bytes;
    private final NioRequestBuffers buffers;

    NioEncoded(RequestShape shape, ByteBuffer bytes, NioRequestBuffers buffers) {
        this.shape = shape;
        this.bytes = new AtomicReference<>(bytes);
        this.buffers = buffers;
    }

    @Override
    public RequestShape shape() {
        return shape;
    }

    /** Whether its bytes came from {@code pool} (a transport prepares only what it encoded itself). */
    boolean from(NioRequestBuffers pool) {
        return buffers == pool;
    }

    /** The bytes, for the one exchange that writes them. */
    ByteBuffer take() {
        ByteBuffer b = bytes.getAndSet(null);
        if (b == null) {
            throw new IllegalStateException("request bytes already taken or released");
        }
        return b;
    }

    @Override
    public void release() {
        ByteBuffer b = bytes.getAndSet(null);
        if (b != null) {
            buffers.give(b);
        }
    }
}

package io.joulebench.core.traffic;

/**
 * A {@link Transport} that can put a request on the wire at an exact instant from the caller's own thread. The
 * open-loop issuer {@link #encode}s requests a few ahead on a thread of its own (their bytes made, so a trace-length
 * prompt costs the pacer nothing), {@link #prepare}s the next one before its instant (an open connection reserved),
 * waits for the instant, then calls {@link Prepared#write} on the pacer thread; the response is read elsewhere and its
 * outcome handed to the callback once. {@link #send} stays the blocking path for every other caller. The issuer uses
 * this capability only without a concurrency cap (a cap may block, and the pacer must not).
 */
public interface ScheduledTransport extends Transport {

    /**
     * What {@link Prepared#write} returns when the request's connection was still being opened at the instant: the
     * bytes go out as soon as it is, and {@link Callback#written} then gives the time their write returned.
     */
    long DEFERRED = Long.MIN_VALUE;

    /** Serialises {@code request} and reserves a connection (an idle one, or one it starts opening); never blocks. */
    Prepared prepare(RequestShape request) throws TransportException;

    /**
     * The request's bytes, made now on any thread, for {@link #prepare(Encoded)} later; thread-safe. The default makes
     * nothing ahead ({@link #prepare(Encoded)} then serialises at its turn).
     */
    default Encoded encode(RequestShape request) throws TransportException {
        return new Unencoded(request);
    }

    /** As {@link #prepare(RequestShape)}, with bytes {@link #encode} made; takes over {@code encoded}'s release. */
    default Prepared prepare(Encoded encoded) throws TransportException {
        return prepare(encoded.shape());
    }

    /** A request serialised ahead of its turn: given to {@link #prepare(Encoded)} once, or else released. */
    interface Encoded {

        RequestShape shape();

        /** Gives back what its bytes hold when it will never be prepared; idempotent. */
        void release();
    }

    /** A request whose bytes are made only when it is prepared: nothing to give back. */
    record Unencoded(RequestShape shape) implements Encoded {

        @Override
        public void release() {
        }
    }

    /** One request ready to go; used by one thread. */
    interface Prepared {

        /**
         * Writes the request now, on the calling thread, and returns the clock reading once the write returned, or
         * {@link #DEFERRED} when its connection is not open yet. The outcome goes to {@code callback} exactly once, on
         * another thread, possibly before this returns.
         */
        long write(Callback callback);

        /**
         * Gives up. Before {@link #write}: releases the connection, no callback. After: the callback gets a failure
         * with what arrived so far (promptly, unless it already had the outcome). Idempotent.
         */
        void cancel();
    }

    /** Where a written request's outcome goes. */
    interface Callback {

        /** A {@link #DEFERRED} write returned at {@code writtenAtNanos}; called before the outcome, on its thread. */
        default void written(long writtenAtNanos) {
        }

        void completed(CompletionResult result);

        void failed(TransportException failure);
    }
}

package io.joulebench.jmh;

import io.joulebench.core.bench.NullServer;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduledTransport;
import io.joulebench.core.traffic.TransportException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The nio client's path from a scheduled instant to the write, against an in-process one-token null server:
 * {@code write} is what the pacer runs at the instant (publish the exchange, one {@code write} syscall on a pooled
 * loopback connection, the return stamp); {@code prepare} is what it runs before the instant (serialise the payload,
 * take an idle connection), released unwritten. Each write waits (outside the measured time) for the previous answer,
 * so one connection is reused throughout. Score = ns per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DispatchPathBenchmark {

    private static final RequestShape SHAPE =
            new RequestShape(0, Map.of("model", "null", "prompt", "x", "max_tokens", 1));

    /** A client of its own whose next request is prepared, the previous one answered, before each write. */
    @State(Scope.Thread)
    public static class Pending {
        NullServer server;
        ScheduledTransport transport;
        ScheduledTransport.Prepared prepared;
        volatile boolean answered = true;
        final ScheduledTransport.Callback callback = new ScheduledTransport.Callback() {
            @Override
            public void completed(CompletionResult result) {
                answered = true;
            }

            @Override
            public void failed(TransportException failure) {
                answered = true;
            }
        };

        @Setup(Level.Trial)
        public void start() throws Exception {
            server = NullServer.start(0);
            transport = client(server);
        }

        @Setup(Level.Invocation)
        public void ready() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (!answered && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            answered = false;
            prepared = transport.prepare(SHAPE);
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            ((AutoCloseable) transport).close();
            server.close();
        }
    }

    NullServer server;
    ScheduledTransport transport;

    static ScheduledTransport client(NullServer server) {
        return (ScheduledTransport) HttpClientKind.NIO.builder().baseUrl(URI.create(server.baseUrl()))
                .keepText(false).build();
    }

    @Setup(Level.Trial)
    public void start() throws Exception {
        server = NullServer.start(0);
        transport = client(server);
        transport.prepare(SHAPE).cancel(); // one connection in the pool from here on
    }

    @Benchmark
    public long write(Pending pending) {
        return pending.prepared.write(pending.callback);
    }

    @Benchmark
    public ScheduledTransport.Prepared prepare() throws TransportException {
        ScheduledTransport.Prepared p = transport.prepare(SHAPE);
        p.cancel(); // unwritten: the connection goes back to the pool
        return p;
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        ((AutoCloseable) transport).close();
        server.close();
    }
}

package io.joulebench.jmh;

import io.joulebench.core.bench.NullServer;
import io.joulebench.core.study.Prompt;
import io.joulebench.core.study.PromptDataset;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduledTransport;
import io.joulebench.core.traffic.TransportException;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import io.joulebench.core.workload.ExactLengthPromptBuilder;
import io.joulebench.core.workload.PromptRow;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The pacer thread's write of a trace-length prompt (issue 34, item 4): as {@link DispatchPathBenchmark#write}, but
 * the request carries a prompt of {@code promptTokens} tokens built by {@link ExactLengthPromptBuilder} (the estimate
 * tokenizer over the builtin prompts: about 4 bytes a token). {@code write} is what runs at the instant (publish the
 * exchange, the {@code write(2)} of head and body on a pooled loopback connection, the return stamp); {@code prepare}
 * is what runs before it (serialise, build the request bytes, take an idle connection; released unwritten). Each write
 * waits, unmeasured, for the previous answer. Score = ns per operation; run with {@code -prof gc} for bytes.
 *
 * <p>{@code buffers}: {@code direct}, the request bytes in a pooled direct buffer (the write copies nothing);
 * {@code heap}, the path before issue 34 (system property {@code joulebench.nio.directRequestBytes=0}): a heap buffer,
 * which the JDK copies into a temporary direct buffer inside the write, on the pacer thread. {@code jdkCopy} is that
 * copy alone (a body of the size prepare encodes, heap to a direct buffer): the work the direct path takes off the
 * pacer thread, less sensitive to a loaded machine than a write that wakes two other threads.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LargeBodyWriteBenchmark {

    /** A nio client whose request bytes go in {@code buffers} ("heap" or "direct") buffers. */
    static ScheduledTransport client(NullServer server, String buffers) {
        System.setProperty("joulebench.nio.directRequestBytes", buffers.equals("heap") ? "0" : String.valueOf(64 << 20));
        return DispatchPathBenchmark.client(server);
    }

    static RequestShape shape(int tokens) throws Exception {
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(new EstimatePromptTokenizer(),
                PromptDataset.builtin().stream().map(Prompt::text).toList(), 1);
        String text = builder.build(0, new PromptRow(tokens, null, PromptRow.DEFAULT_BLOCK_SIZE, 1)).text();
        return new RequestShape(0, Map.of("model", "null", "prompt", text, "max_tokens", 1));
    }

    /** A client of its own whose next request is prepared, the previous one answered, before each write. */
    @State(Scope.Thread)
    public static class Pending {
        @Param({"1000", "4000"})
        int promptTokens;

        @Param({"heap", "direct"})
        String buffers;

        RequestShape shape;
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
            shape = shape(promptTokens);
            server = NullServer.start(0);
            transport = client(server, buffers);
        }

        @Setup(Level.Invocation)
        public void ready() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (!answered && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            answered = false;
            prepared = transport.prepare(shape);
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            ((AutoCloseable) transport).close();
            server.close();
        }
    }

    /** A client with one pooled connection, for {@code prepare}. */
    @State(Scope.Thread)
    public static class Idle {
        @Param({"1000", "4000"})
        int promptTokens;

        @Param({"heap", "direct"})
        String buffers;

        RequestShape shape;
        NullServer server;
        ScheduledTransport transport;

        @Setup(Level.Trial)
        public void start() throws Exception {
            shape = shape(promptTokens);
            server = NullServer.start(0);
            transport = client(server, buffers);
            transport.prepare(shape).cancel(); // one connection in the pool from here on
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            ((AutoCloseable) transport).close();
            server.close();
        }
    }

    /** The serialised body of a prompt of {@code promptTokens}, and a direct buffer for it, as the JDK's temporary. */
    @State(Scope.Thread)
    public static class Copy {
        @Param({"1000", "4000"})
        int promptTokens;

        ByteBuffer body;
        ByteBuffer direct;

        @Setup(Level.Trial)
        public void start() throws Exception {
            body = ByteBuffer.wrap(new ObjectMapper().writeValueAsBytes(shape(promptTokens).payload()));
            direct = ByteBuffer.allocateDirect(body.capacity());
        }
    }

    @Benchmark
    public ByteBuffer jdkCopy(Copy copy) {
        return copy.direct.clear().put(copy.body.clear());
    }

    @Benchmark
    public long write(Pending pending) {
        return pending.prepared.write(pending.callback);
    }

    @Benchmark
    public ScheduledTransport.Prepared prepare(Idle idle) throws TransportException {
        ScheduledTransport.Prepared p = idle.transport.prepare(idle.shape);
        p.cancel(); // unwritten: the connection (and the request's bytes) go back
        return p;
    }
}

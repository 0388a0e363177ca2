package io.joulebench.jmh;

import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.OpenAiStreamParser;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Bytes allocated per streamed token (issue 34): run with {@code -prof gc} and read {@code gc.alloc.rate.norm}.
 * {@code steadyToken}: one request of {@value #LONG_STREAM} token chunks (one read each, a chat stream as llama.cpp
 * and vLLM send it) then finish, usage and [DONE], per token: the per-request costs are spread thin, so the figure is
 * the steady state of a token. {@code oneTokenRequest}: a whole one-token request (parser, result), per request.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TokenAllocationBenchmark {

    static final int LONG_STREAM = 4096;

    byte[][] longReads;
    byte[][] oneTokenReads;

    @Setup
    public void setup() {
        longReads = new byte[LONG_STREAM + 1][];
        for (int i = 0; i < LONG_STREAM; i++) {
            longReads[i] = chunk("{\"content\":\"tok\"}", "null");
        }
        longReads[LONG_STREAM] = tail(LONG_STREAM);
        oneTokenReads = new byte[][] {chunk("{\"content\":\"tok\"}", "null"), tail(1)};
    }

    private static byte[] chunk(String delta, String finish) {
        return ("data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1733480000,"
                + "\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finish
                + "}]}\n\n").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] tail(int tokens) {
        String usage = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1733480000,"
                + "\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":" + tokens
                + ",\"total_tokens\":" + (tokens + 12) + "}}\n\ndata: [DONE]\n\n";
        byte[] finish = chunk("{}", "\"length\"");
        byte[] rest = usage.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[finish.length + rest.length];
        System.arraycopy(finish, 0, out, 0, finish.length);
        System.arraycopy(rest, 0, out, finish.length, rest.length);
        return out;
    }

    private static CompletionResult parse(byte[][] reads) throws OpenAiStreamParser.MalformedStreamException {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.CHAT, Clock.system(), false, false);
        for (byte[] read : reads) {
            parser.accept(read, 0, read.length);
        }
        if (!parser.done()) {
            throw new IllegalStateException("the stream did not end");
        }
        return parser.result();
    }

    @Benchmark
    @OperationsPerInvocation(LONG_STREAM)
    public CompletionResult steadyToken() throws OpenAiStreamParser.MalformedStreamException {
        return parse(longReads);
    }

    @Benchmark
    public CompletionResult oneTokenRequest() throws OpenAiStreamParser.MalformedStreamException {
        return parse(oneTokenReads);
    }
}

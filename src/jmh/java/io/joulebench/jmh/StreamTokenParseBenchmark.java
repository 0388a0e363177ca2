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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The parse path's cost per token as a streaming client meets it: one read per token chunk (the chunks are 25 ms
 * apart, so every read returns one), in the streaming null server's exact format (a top-level {@code t_send_ns}),
 * 128 tokens then usage and [DONE]; with and without capturing the send times. Score = ns per token (one
 * {@code accept} per token, including its one clock read, the line copy, the String and the Jackson tree).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StreamTokenParseBenchmark {

    static final int TOKENS = 128;

    @Param({"false", "true"})
    boolean captureSendTimes;

    byte[][] reads;

    @Setup
    public void setup() {
        reads = new byte[TOKENS + 1][];
        long t = 1_234_567_890_123L;
        for (int i = 0; i < TOKENS; i++) {
            reads[i] = ("data: {\"id\":\"null\",\"object\":\"text_completion\",\"t_send_ns\":" + (t + i * 25_000_000L)
                    + ",\"choices\":[{\"index\":0,\"text\":\"x\",\"finish_reason\":null}]}\n\n")
                    .getBytes(StandardCharsets.UTF_8);
        }
        reads[TOKENS] = ("data: {\"id\":\"null\",\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"\","
                + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":128,"
                + "\"total_tokens\":129}}\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    @OperationsPerInvocation(TOKENS)
    public CompletionResult perToken() throws OpenAiStreamParser.MalformedStreamException {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, Clock.system(), false,
                captureSendTimes);
        for (byte[] read : reads) {
            parser.accept(read, 0, read.length);
        }
        return parser.result();
    }
}

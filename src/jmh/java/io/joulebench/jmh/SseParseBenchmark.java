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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Parsing one streamed completion of 256 token chunks + usage + [DONE], fed in 4 KiB network-sized pieces. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SseParseBenchmark {

    static final int TOKENS = 256;
    byte[] body;

    @Setup
    public void setup() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < TOKENS; i++) {
            sb.append("data: {\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":1,\"model\":\"m\",")
                    .append("\"choices\":[{\"index\":0,\"text\":\" tok").append(i)
                    .append("\",\"logprobs\":null,\"finish_reason\":null}]}\n\n");
        }
        sb.append("data: {\"id\":\"cmpl-1\",\"choices\":[{\"index\":0,\"text\":\"\",\"finish_reason\":\"length\"}],")
                .append("\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":256,\"total_tokens\":268}}\n\n")
                .append("data: [DONE]\n\n");
        body = sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public CompletionResult parse256Tokens() throws OpenAiStreamParser.MalformedStreamException {
        OpenAiStreamParser parser = new OpenAiStreamParser(OpenAiEndpoint.COMPLETIONS, Clock.system(), false);
        for (int at = 0; at < body.length; at += 4096) {
            parser.accept(body, at, Math.min(4096, body.length - at));
        }
        parser.endOfStream();
        return parser.result();
    }
}

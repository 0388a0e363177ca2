package io.joulebench.core.workload;

import io.joulebench.core.traffic.TraceFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.SplittableRandom;

/**
 * The per-request lengths of a synthetic workload ({@code task.input_tokens}, {@code task.output_tokens},
 * {@code task.shared_prefix}; docs/workloads.md): an endless, seeded sequence of {@link PromptRow}s for the
 * exact-length prompt builder. Input, output and group draws use separate streams of the seed, so adding an output
 * distribution leaves the input lengths as they were. With a shared prefix, request i's prompt is its group's
 * {@code prefix_tokens} (one block named by the group, so identical across the group) followed by its own text of the
 * drawn input length: the prompt is {@code prefix_tokens + input} long.
 *
 * @param input              input lengths, or null: {@code defaultInputTokens} each
 * @param output             output lengths, or null: not forced (the task's {@code max_output_tokens})
 * @param prefix             the shared prefix, or null
 * @param defaultInputTokens the input length when {@code input} is null ({@code task.max_input_tokens})
 */
public record LengthMix(Distribution input, Distribution output, SharedPrefix prefix, int defaultInputTokens) {

    private static final long OUTPUT_STREAM = 0x632BE59BD9B4E019L;
    private static final long GROUP_STREAM = 0x8CB92BA72F3D8DD7L;
    /** The warmup's rows come from this stream of the seed: the measured rows stay those of {@link #rows}. */
    private static final long WARMUP_STREAM = 0x3C6EF372FE94F82BL;

    /** The rows from request 0 on; the same seed gives the same rows. */
    public Iterator<PromptRow> rows(long seed) {
        SplittableRandom in = new SplittableRandom(seed);
        SplittableRandom out = new SplittableRandom(seed ^ OUTPUT_STREAM);
        SplittableRandom groups = new SplittableRandom(seed ^ GROUP_STREAM);
        return new Iterator<>() {
            private long index;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public PromptRow next() {
                int own = input == null ? defaultInputTokens : input.sampleCount(in);
                Integer asked = output == null ? null : output.sampleCount(out);
                long i = index++;
                if (prefix == null) {
                    return new PromptRow(own, null, PromptRow.DEFAULT_BLOCK_SIZE, asked);
                }
                int group = prefix.assignment() == SharedPrefix.Assignment.SEEDED ? groups.nextInt(prefix.groups())
                        : prefix.roundRobinGroup(i);
                return new PromptRow(prefix.prefixTokens() + own, new int[] {group}, prefix.prefixTokens(), asked);
            }
        };
    }

    /**
     * The warmup's rows: drawn from the same distributions as {@link #rows}, from another stream of the seed, so a
     * level warms the server on its own mix of lengths and its measured requests are the same with or without it.
     */
    public Iterator<PromptRow> warmupRows(long seed) {
        return rows(seed ^ WARMUP_STREAM);
    }

    /** The first {@code n} input and output lengths (output null when not forced), for previews and checks. */
    public int[][] draw(long seed, int n) {
        Iterator<PromptRow> rows = rows(seed);
        int[][] out = new int[2][n];
        for (int i = 0; i < n; i++) {
            PromptRow r = rows.next();
            out[0][i] = r.inputTokens();
            out[1][i] = r.outputTokens() == null ? -1 : r.outputTokens();
        }
        return out;
    }

    /** This mix with an empirical distribution's file read (relative to {@code baseDir}). */
    public LengthMix resolve(Path baseDir) throws IOException, TraceFormatException {
        return new LengthMix(input == null ? null : input.resolve(baseDir),
                output == null ? null : output.resolve(baseDir), prefix, defaultInputTokens);
    }
}

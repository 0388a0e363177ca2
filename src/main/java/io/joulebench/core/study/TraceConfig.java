package io.joulebench.core.study;

import io.joulebench.core.traffic.trace.TraceFormat;
import java.util.Arrays;
import java.util.List;

/**
 * {@code server.traffic.trace}: the file to replay and how (docs/workloads.md). The plain {@code trace: FILE} is this
 * with every other key at its default.
 *
 * @param file            the trace file, relative to the study's folder unless absolute
 * @param format          the format, or null for {@code auto} (detected from the first line)
 * @param startSeconds    the slice's start, seconds from the file's first row
 * @param durationSeconds the slice's length, or null for the rest of the trace
 * @param timeScale       2.0 replays twice as fast: row i is scheduled at {@code (t_i − t_0) / timeScale}
 * @param blockSize       tokens per {@code hash_ids} block
 * @param lengths         where prompt lengths come from, or null: {@code trace} when the file has lengths
 */
public record TraceConfig(String file, TraceFormat format, double startSeconds, Double durationSeconds,
                          double timeScale, int blockSize, Lengths lengths) {

    public static final int DEFAULT_BLOCK_SIZE = 512;

    /** {@code lengths}: the trace's own input lengths, or the dataset's prompts as they are. */
    public enum Lengths {
        TRACE, DATASET;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static List<String> wires() {
            return Arrays.stream(values()).map(Lengths::wire).toList();
        }

        static Lengths fromWire(String wire) {
            return Arrays.stream(values()).filter(l -> l.wire().equals(wire)).findFirst().orElse(null);
        }
    }

    /** {@code trace: FILE}: the whole file, its format detected, at its own pace. */
    public static TraceConfig ofFile(String file) {
        return new TraceConfig(file, null, 0.0, null, 1.0, DEFAULT_BLOCK_SIZE, null);
    }

    /** The prompt-length source this replay uses, given whether the file has input lengths. */
    public Lengths lengthsFor(boolean fileHasLengths) {
        return lengths != null ? lengths : fileHasLengths ? Lengths.TRACE : Lengths.DATASET;
    }
}

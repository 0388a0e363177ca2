package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.traffic.TraceFormatException;
import io.joulebench.core.traffic.trace.TraceSlice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * {@code server.traffic.trace} checked when a study is read: the file exists and its slice reads (a malformed line is
 * reported with the trace file's name and line under the key), and {@code lengths: trace} has lengths to use. A
 * slice is read once per file version, however many cells (time scales) replay it.
 */
final class TraceRules {

    private record Key(Path file, String format, double start, Double duration, long modified, long size) {
    }

    /** What a read found: an error, or whether the rows carry input lengths and how long the slice lasts. */
    private record Outcome(String error, boolean hasInputLengths, double spanSeconds) {
    }

    private static final Map<Key, Outcome> READ = new ConcurrentHashMap<>();

    private TraceRules() {
    }

    /**
     * Checks the resolved {@code trace} (text or mapping) against the file under {@code baseDir}; a level that ends
     * before the slice does (its ramp and windows, {@code horizonSeconds}, shorter than the slice at its time scale)
     * is said in a note, since the rows after its horizon are not issued. {@code horizonSeconds} NaN: not known.
     */
    static void check(JsonNode trace, Path baseDir, double horizonSeconds, BiConsumer<String, String> fail,
                      java.util.function.Consumer<String> note) {
        if (baseDir == null || trace.isMissingNode() || trace.isNull()) {
            return;
        }
        TraceConfig config = ExperimentConfigReader.trace(trace);
        Path file = baseDir.resolve(config.file()).normalize();
        String at = trace.isTextual() ? "server.traffic.trace" : "server.traffic.trace.file";
        if (!Files.isRegularFile(file)) {
            fail.accept(at, "file not found: " + file);
            return;
        }
        Outcome outcome;
        try {
            Key key = new Key(file, config.format() == null ? null : config.format().wire(), config.startSeconds(),
                    config.durationSeconds(), Files.getLastModifiedTime(file).toMillis(), Files.size(file));
            outcome = READ.computeIfAbsent(key, k -> read(file, config));
        } catch (IOException e) {
            outcome = new Outcome("cannot read " + file + ": " + e.getMessage(), false, 0);
        }
        if (outcome.error() == null) {
            horizonNote(config, outcome.spanSeconds(), horizonSeconds).ifPresent(note);
        }
        if (outcome.error() != null) {
            fail.accept(at, outcome.error());
        } else if (config.lengths() == TraceConfig.Lengths.TRACE && !outcome.hasInputLengths()) {
            fail.accept("server.traffic.trace.lengths", "is trace, but " + file.getFileName()
                    + " records no input lengths; use lengths: dataset");
        }
    }

    private static Outcome read(Path file, TraceConfig config) {
        try {
            TraceSlice slice = TraceSlice.read(file, config.format(), config.startSeconds(), config.durationSeconds());
            return new Outcome(null, slice.summary().hasInputLengths(), slice.summary().spanSeconds());
        } catch (TraceFormatException e) {
            return new Outcome(e.getMessage(), false, 0);
        } catch (IOException e) {
            return new Outcome("cannot read " + file + ": " + e.getMessage(), false, 0);
        }
    }

    /** The note for a level whose horizon ends before its slice at its time scale; empty when it covers it. */
    static java.util.Optional<String> horizonNote(TraceConfig config, double sliceSeconds, double horizonSeconds) {
        double replay = sliceSeconds / config.timeScale();
        if (!Double.isFinite(horizonSeconds) || replay <= horizonSeconds + 1e-9) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(java.util.Locale.ROOT,
                "server.traffic.trace: at time_scale %s the slice lasts %.1f s but a level ends after %.1f s (its ramp "
                        + "and windows): the rows after that are not issued; longer windows replay all of it",
                CanonicalJson.number(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(config.timeScale())), replay, horizonSeconds));
    }
}

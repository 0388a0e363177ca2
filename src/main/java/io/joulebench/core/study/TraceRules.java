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

    /** What a read found: an error, or whether the rows carry input lengths. */
    private record Outcome(String error, boolean hasInputLengths) {
    }

    private static final Map<Key, Outcome> READ = new ConcurrentHashMap<>();

    private TraceRules() {
    }

    /** Checks the resolved {@code trace} (text or mapping) against the file under {@code baseDir}. */
    static void check(JsonNode trace, Path baseDir, BiConsumer<String, String> fail) {
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
            outcome = new Outcome("cannot read " + file + ": " + e.getMessage(), false);
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
            return new Outcome(null, slice.summary().hasInputLengths());
        } catch (TraceFormatException e) {
            return new Outcome(e.getMessage(), false);
        } catch (IOException e) {
            return new Outcome("cannot read " + file + ": " + e.getMessage(), false);
        }
    }
}

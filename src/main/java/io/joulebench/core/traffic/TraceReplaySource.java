package io.joulebench.core.traffic;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Replays recorded arrival offsets open-loop through the same issuer as {@link OpenLoopSource}. Shapes come from a
 * {@link TraceShapes} function; the default takes a base {@link ShapeSource} and, where the trace recorded
 * {@code output_tokens}, sets {@code max_tokens} to it ({@code input_tokens} is kept on the entry for custom shapes:
 * without a tokenizer no prompt of that length can be made).
 */
public final class TraceReplaySource implements TrafficSource {

    /** Builds request {@code index} from its trace row. */
    @FunctionalInterface
    public interface TraceShapes {
        RequestShape shape(int index, TraceEntry entry);
    }

    private final List<TraceEntry> entries;
    private final TraceShapes shapes;
    private final OpenLoopIssuer.Options options;

    private TraceReplaySource(Builder b) {
        this.entries = List.copyOf(Objects.requireNonNull(b.entries, "trace"));
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("trace must have at least one entry");
        }
        this.shapes = Objects.requireNonNull(b.shapes, "shapes");
        this.options = b.issuance();
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<TraceEntry> entries() {
        return entries;
    }

    @Override
    public IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        Objects.requireNonNull(transport, "transport");
        double[] offsets = entries.stream().mapToDouble(TraceEntry::offsetSeconds).toArray();
        return new OpenLoopIssuer(offsets, i -> shapes.shape(i, entries.get(i)), options).run(transport, drainTimeout);
    }

    /** The default mapping: the base shape, with {@code max_tokens} = the recorded output length when present. */
    public static TraceShapes withRecordedOutputLength(ShapeSource base) {
        Objects.requireNonNull(base, "base");
        return (index, entry) -> {
            RequestShape shape = base.shape(index);
            if (entry.outputTokens() == null) {
                return shape;
            }
            Map<String, Object> payload = new HashMap<>(shape.payload());
            payload.put("max_tokens", entry.outputTokens());
            return new RequestShape(shape.index(), payload, new RequestWorkload(null, entry.outputTokens(), null));
        };
    }

    /** The trace and its shapes, plus the issuance settings of {@link IssuanceBuilder}. */
    public static final class Builder extends IssuanceBuilder<Builder> {
        private List<TraceEntry> entries;
        private TraceShapes shapes;

        private Builder() {
        }

        public Builder trace(List<TraceEntry> entries) {
            this.entries = entries;
            return this;
        }

        /** Reads the trace from a CSV file (see {@link TraceCsv}). */
        public Builder traceCsv(Path file) throws IOException, TraceFormatException {
            return trace(TraceCsv.read(file));
        }

        public Builder shapes(ShapeSource base) {
            return traceShapes(withRecordedOutputLength(base));
        }

        public Builder traceShapes(TraceShapes shapes) {
            this.shapes = shapes;
            return this;
        }

        public TraceReplaySource build() {
            return new TraceReplaySource(this);
        }
    }
}

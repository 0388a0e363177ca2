package io.joulebench.core.traffic.trace;

import io.joulebench.core.WireName;

import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The trace formats Joulebench reads, each as its publisher defines it (docs/workloads.md): the wire name used by
 * {@code server.traffic.trace.format}, the source it comes from, and whether its first line is a header.
 */
public enum TraceFormat implements WireName {
    JOULEBENCH("Joulebench's own CSV (offset_s[,input_tokens][,output_tokens])", true),
    MOONCAKE("Mooncake trace JSONL (kvcache-ai/Mooncake)", false),
    AZURE("Azure LLM inference trace CSV (Azure/AzurePublicDataset)", true),
    BURSTGPT("BurstGPT CSV (HPMLL/BurstGPT)", true),
    SESSIONS("session trace CSV with Bailian-style fields (chat_id,parent_chat_id,turn,timestamp,"
            + "input_length,output_length)", true);

    /** {@code format: auto}: detected from the file's first line. */
    public static final String AUTO = "auto";

    private final String source;
    private final boolean header;

    TraceFormat(String source, boolean header) {
        this.source = source;
        this.header = header;
    }

    /** Where the format comes from, for messages and docs. */
    public String source() {
        return source;
    }

    /** {@code auto} and every format's wire name, for the study schema. */
    public static List<String> choices() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(AUTO),
                WireName.wires(TraceFormat.class).stream()).toList();
    }

    /** The format a wire name names; empty for {@code auto} or an unknown name. */
    public static Optional<TraceFormat> fromWire(String wire) {
        return WireName.parse(TraceFormat.class, wire);
    }

    /** The format a file's first line (stripped, not blank, not a comment) shows, or empty when none fits. */
    public static Optional<TraceFormat> detect(String firstLine) {
        if (firstLine.startsWith("{")) {
            return Optional.of(MOONCAKE);
        }
        List<String> header = List.of(TraceFields.cells(firstLine));
        if (header.contains(JoulebenchLines.OFFSET)) {
            return Optional.of(JOULEBENCH);
        }
        if (header.contains(AzureLines.TIMESTAMP) && header.contains(AzureLines.CONTEXT)) {
            return Optional.of(AZURE);
        }
        if (header.contains(SessionLines.CHAT_ID) && header.contains(SessionLines.PARENT_CHAT_ID)) {
            return Optional.of(SESSIONS);
        }
        if (header.contains(BurstGptLines.TIMESTAMP) && header.contains(BurstGptLines.RESPONSE)) {
            return Optional.of(BURSTGPT);
        }
        return Optional.empty();
    }

    /** Whether the first line is a header (read by {@link #lines}) rather than the first data line. */
    boolean hasHeader() {
        return header;
    }

    /** This format's line reader, given the header line (ignored by formats without one). */
    TraceLines lines(Path file, int line, String first) throws TraceFormatException {
        return switch (this) {
            case JOULEBENCH -> new JoulebenchLines(file, line, first);
            case MOONCAKE -> new MooncakeLines(file);
            case AZURE -> new AzureLines(file, line, first);
            case BURSTGPT -> new BurstGptLines(file, line, first);
            case SESSIONS -> new SessionLines(file, line, first);
        };
    }
}

package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceFormatException;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a trace file line by line, never the whole file: the format is detected from the first line or forced, and
 * each data line becomes a row on the file's own clock ({@link TraceLine}). Blank lines and lines starting with
 * {@code #} are skipped; times must not go back. Errors name the file, the 1-based line and the field.
 */
public final class TraceReader implements Closeable {

    private final Path file;
    private final BufferedReader reader;
    private final TraceFormat format;
    private final TraceLines lines;
    private int lineNumber;
    private String pending;
    private TraceLine previous;

    private TraceReader(Path file, BufferedReader reader, TraceFormat forced) throws IOException, TraceFormatException {
        this.file = file;
        this.reader = reader;
        String first = nextContentLine();
        if (first == null) {
            throw new TraceFormatException(file, Math.max(1, lineNumber), "the trace is empty (no header and no rows)");
        }
        TraceFormat detected = TraceFormat.detect(first).orElse(null);
        if (forced == null && detected == null) {
            throw new TraceFormatException(file, lineNumber, "cannot tell the trace format from '" + shorten(first)
                    + "'; expected a header of " + TraceFormat.JOULEBENCH.wire() + ", " + TraceFormat.AZURE.wire()
                    + " or " + TraceFormat.BURSTGPT.wire() + ", or a " + TraceFormat.MOONCAKE.wire()
                    + " JSON line; or name it with format:");
        }
        this.format = forced != null ? forced : detected;
        if (forced != null && detected != null && detected != forced) {
            throw new TraceFormatException(file, lineNumber, "format: " + forced.wire() + " was named but the file looks"
                    + " like " + detected.wire() + " ('" + shorten(first) + "')");
        }
        this.lines = format.lines(file, lineNumber, first);
        this.pending = format.hasHeader() ? null : first;
    }

    /** Opens {@code file}; {@code forced} null detects the format. */
    public static TraceReader open(Path file, TraceFormat forced) throws IOException, TraceFormatException {
        BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        try {
            return new TraceReader(file, reader, forced);
        } catch (IOException | TraceFormatException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    public TraceFormat format() {
        return format;
    }

    public Path file() {
        return file;
    }

    /** The line number of the last line read (for messages about the row {@link #next} just returned). */
    public int lineNumber() {
        return lineNumber;
    }

    boolean hasInputLengths() {
        return lines.hasInputLengths();
    }

    boolean hasOutputLengths() {
        return lines.hasOutputLengths();
    }

    /** The next data line, or null at the end of the file. */
    TraceLine next() throws IOException, TraceFormatException {
        String text = pending != null ? pending : nextContentLine();
        pending = null;
        if (text == null) {
            return null;
        }
        TraceLine line = lines.parse(text, lineNumber);
        if (previous != null && line.timeSeconds() < previous.timeSeconds()) {
            throw new TraceFormatException(file, lineNumber, timeField() + " " + line.timeText()
                    + " is before the previous " + (format == TraceFormat.JOULEBENCH ? "offset " : "row's ")
                    + previous.timeText() + " (" + (format == TraceFormat.JOULEBENCH ? "offsets" : "times")
                    + " must not decrease)");
        }
        previous = line;
        return line;
    }

    /** The next row to replay with its offset on the file's own clock, skipping what the source marks as failed. */
    public TraceEntry nextEntry() throws IOException, TraceFormatException {
        for (TraceLine line = next(); line != null; line = next()) {
            if (line.entry() != null) {
                return line.entry();
            }
        }
        return null;
    }

    private String timeField() {
        return switch (format) {
            case JOULEBENCH -> JoulebenchLines.OFFSET;
            case MOONCAKE -> MooncakeLines.TIMESTAMP;
            case AZURE -> AzureLines.TIMESTAMP;
            case BURSTGPT -> BurstGptLines.TIMESTAMP;
            case SESSIONS -> SessionLines.TIMESTAMP;
        };
    }

    private String nextContentLine() throws IOException {
        String text;
        while ((text = reader.readLine()) != null) {
            lineNumber++;
            String line = text.strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                return line;
            }
        }
        return null;
    }

    private static String shorten(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}

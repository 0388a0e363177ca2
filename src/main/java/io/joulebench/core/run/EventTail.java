package io.joulebench.core.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an {@link EventLog} file as another process appends to it: each {@link #poll} returns the whole lines added
 * since the last one, parsed; a line still being written waits for the next poll, and a torn line (the last one of
 * a killed run) is skipped. A file that does not exist yet is no error. Not thread-safe: one follower polls it.
 */
public final class EventTail {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** At most this much is read per poll; the rest comes with the next. */
    private static final int CHUNK = 1 << 20;

    private final Path file;
    private long offset;

    public EventTail(Path file) {
        this.file = file;
    }

    /** The events file of a results (or job results) folder. */
    public static EventTail of(Path resultsDir) {
        return new EventTail(resultsDir.resolve(EventLog.FILE_NAME));
    }

    public Path file() {
        return file;
    }

    /** The events appended since the last poll, in order. */
    public List<JsonNode> poll() throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        String text;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length < offset) {
                offset = 0; // the file was replaced: read it again from its start
            }
            if (length <= offset) {
                return out;
            }
            f.seek(offset);
            byte[] bytes = new byte[(int) Math.min(length - offset, CHUNK)];
            f.readFully(bytes);
            int end = bytes.length - 1;
            while (end >= 0 && bytes[end] != '\n') {
                end--;
            }
            if (end < 0) {
                return out; // a line still being written
            }
            offset += end + 1;
            text = new String(bytes, 0, end, StandardCharsets.UTF_8);
        }
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(JSON.readTree(line));
            } catch (IOException e) {
                // a torn line of a killed run, followed by the next run's (a resume appends)
            }
        }
        return out;
    }
}

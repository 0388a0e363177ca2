package io.joulebench.core.run;

import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEventCodec;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an {@link EventLog} file as another process appends to it: each {@link #poll} returns the whole lines added
 * since the last one, read into their records ({@link RunEventCodec}); a line still being written waits for the next poll, and a torn line (the last one of
 * a killed run) is skipped. A file that does not exist yet is no error. Not thread-safe: one follower polls it.
 */
public final class EventTail {

    /** At most this much is read per poll; the rest comes with the next. */
    private static final int CHUNK = 1 << 20;

    private final Path file;
    private long offset;
    private boolean atEnd = true;

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

    /** Whether the last poll read every whole line of the file as it was then, and no line was half written. */
    public boolean atEnd() {
        return atEnd;
    }

    /** The events appended since the last poll, in order. */
    public List<RecordedEvent> poll() throws IOException {
        if (!Files.isRegularFile(file)) {
            atEnd = true;
            return List.of();
        }
        List<RecordedEvent> out = new ArrayList<>();
        String text;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length < offset) {
                offset = 0; // the file was replaced: read it again from its start
            }
            if (length <= offset) {
                atEnd = true;
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
                atEnd = false;
                return out; // a line still being written
            }
            offset += end + 1;
            atEnd = offset >= length;
            text = new String(bytes, 0, end, StandardCharsets.UTF_8);
        }
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            // a torn line of a killed run (no record) is followed by the next run's: a resume appends
            RunEventCodec.read(line).ifPresent(out::add);
        }
        return out;
    }
}

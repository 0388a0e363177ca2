package io.joulebench.core.server;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the end of a log file without loading all of it. */
final class LogFiles {

    private LogFiles() {
    }

    static String tail(Path file, int chars) {
        if (file == null || chars <= 0 || !Files.isRegularFile(file)) {
            return "";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            int bytes = (int) Math.min(length, chars * 4L);
            byte[] buffer = new byte[bytes];
            raf.seek(length - bytes);
            raf.readFully(buffer);
            String text = new String(buffer, StandardCharsets.UTF_8);
            return text.length() <= chars ? text : text.substring(text.length() - chars);
        } catch (IOException e) {
            return "";
        }
    }
}

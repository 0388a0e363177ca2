package io.joulebench.core;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's host name, as stamped beside {@code tool_version} in resolved.json and result.json
 * ({@code host_name}) and shown by compare's report. Read once: Linux's kernel host name, else the JVM's local host
 * name; {@code unknown} when neither answers.
 */
public final class HostName {

    private static final Path KERNEL = Path.of("/proc/sys/kernel/hostname");

    private HostName() {
    }

    public static String get() {
        return Holder.NAME;
    }

    static String read(Path kernelFile) {
        try {
            if (Files.isReadable(kernelFile)) {
                String name = Files.readString(kernelFile).strip();
                if (!name.isEmpty()) {
                    return name;
                }
            }
        } catch (Exception e) {
            // fall through to the JVM's answer
        }
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return name == null || name.isBlank() ? "unknown" : name;
        } catch (Exception e) {
            return "unknown";
        }
    }

    private static final class Holder {
        static final String NAME = read(KERNEL);
    }
}

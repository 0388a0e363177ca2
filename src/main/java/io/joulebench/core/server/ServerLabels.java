package io.joulebench.core.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Container labels that mark a server as ours, so the reaper can find orphans. */
public final class ServerLabels {

    public static final String STUDY_ID = "joulebench.study_id";
    public static final String SESSION_ID = "joulebench.session_id";
    public static final String PARENT_PID = "joulebench.parent_pid";
    /** Start time of the parent (epoch ms) — guards against recycled pids. */
    public static final String PARENT_START = "joulebench.parent_start";
    /** Host name of the parent: a remote daemon's containers are only reaped from the host that made them. */
    public static final String HOST = "joulebench.host";
    public static final String ENGINE = "joulebench.engine";

    private ServerLabels() {
    }

    public static String localHost() {
        try {
            String kernel = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!kernel.isEmpty()) {
                return kernel;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through to the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}

package io.joulebench.core.server;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/** kill(2) on process groups through JNA (Linux and macOS): the JDK can signal a pid but not a group. */
final class PosixSignals {

    static final int SIGKILL = 9;
    static final int SIGTERM = 15;

    private interface CLib extends Library {
        int kill(int pid, int sig);
    }

    private static final class Holder {
        private static final CLib C = Native.load(Platform.C_LIBRARY_NAME, CLib.class);
    }

    private PosixSignals() {
    }

    /** Sends {@code signal} to every process in group {@code pgid}; false when the group is gone. */
    static boolean signalGroup(long pgid, int signal) {
        return Holder.C.kill((int) -pgid, signal) == 0;
    }

    /** True while any process of the group exists (signal 0 only checks). */
    static boolean groupExists(long pgid) {
        return Holder.C.kill((int) -pgid, 0) == 0;
    }
}

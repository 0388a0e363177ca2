package io.joulebench.core.server;

import java.time.Instant;
import java.util.Optional;

/**
 * A process as the reaper remembers it: pid plus start time, so a recycled pid is never mistaken for a live parent.
 * {@code startMillis} 0 means unknown (then only the pid is compared).
 */
public record ProcessIdentity(long pid, long startMillis) {

    public static ProcessIdentity current() {
        return of(ProcessHandle.current());
    }

    public static ProcessIdentity of(ProcessHandle handle) {
        return new ProcessIdentity(handle.pid(), handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
    }

    /** True when a process with this pid runs and (where both are known) started at the same time. */
    public boolean isAlive() {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            return false;
        }
        if (startMillis == 0) {
            return true;
        }
        return handle.get().info().startInstant().map(i -> Math.abs(i.toEpochMilli() - startMillis) < 1000)
                .orElse(true);
    }
}

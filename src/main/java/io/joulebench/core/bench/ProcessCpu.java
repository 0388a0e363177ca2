package io.joulebench.core.bench;

import java.lang.management.ManagementFactory;

/** Process CPU time over wall time, from {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime}. */
final class ProcessCpu {

    static final String SOURCE = "com.sun.management.OperatingSystemMXBean.getProcessCpuTime / wall / cores";

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final long cpuStart;
    private final long wallStart;

    private ProcessCpu(long cpuStart, long wallStart) {
        this.cpuStart = cpuStart;
        this.wallStart = wallStart;
    }

    static ProcessCpu start() {
        return new ProcessCpu(OS.getProcessCpuTime(), System.nanoTime());
    }

    /** CPU time used since {@link #start()}, in nanoseconds. */
    long cpuNanos() {
        return OS.getProcessCpuTime() - cpuStart;
    }

    /** CPU used since {@link #start()} as a percentage of all cores' wall time (100 = every core busy). */
    double percentOfAllCores() {
        long cpu = OS.getProcessCpuTime() - cpuStart;
        long wall = System.nanoTime() - wallStart;
        return wall <= 0 ? 0.0 : 100.0 * cpu / wall / Runtime.getRuntime().availableProcessors();
    }
}

package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Wake-up lateness of pacing strategies (the numbers behind docs/decisions/0001-open-loop-pacer.md). Not a unit
 * test: run with {@code ./mvnw test -Dtest=PacerLatenessBench -Dsurefire.excludedGroups= -Dgroups=bench}.
 */
@Tag("bench")
class PacerLatenessBench {

    private static final int INSTANTS = 1000;
    private static final long PERIOD_NANOS = 2_000_000L;

    private interface Waiter {
        void await(long deadline) throws InterruptedException;
    }

    @Test
    void compare_strategies() throws Exception {
        report("Thread.sleep", d -> {
            long left = d - System.nanoTime();
            if (left > 0) {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            }
        });
        report("parkNanos only", new Pacer(Clock.system(), 0)::awaitInstant);
        report("park + spin 50us", new Pacer(Clock.system(), 50_000)::awaitInstant);
        report("park + spin 200us", new Pacer(Clock.system(), 200_000)::awaitInstant);
        report("park + spin 1ms", new Pacer(Clock.system(), 1_000_000)::awaitInstant);
        report("pure spin", d -> {
            while (System.nanoTime() - d < 0) {
                Thread.onSpinWait();
            }
        });
        IssuerReport issuer = OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.poisson(500, 1L, INSTANTS)))
                .shapes(FakeTransports.SHAPES).retainRecords(false).build()
                .run(FakeTransports.instant(), null);
        IssuerReport.LatencySummary l = issuer.dispatchLateness();
        System.out.printf(Locale.ROOT, "%-22s p50 %7.1f us  p99 %7.1f us  p99.9 %7.1f us  max %8.1f us%n",
                "issuer dispatch @500/s", l.p50Nanos() / 1e3, l.p99Nanos() / 1e3, l.p999Nanos() / 1e3, l.maxNanos() / 1e3);
    }

    private static void report(String name, Waiter waiter) throws InterruptedException {
        long[] late = new long[INSTANTS];
        long origin = System.nanoTime() + 10_000_000L;
        long cpuBefore = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        for (int i = 0; i < INSTANTS; i++) {
            long deadline = origin + (i + 1) * PERIOD_NANOS;
            waiter.await(deadline);
            late[i] = System.nanoTime() - deadline;
        }
        long cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuBefore;
        double wall = INSTANTS * PERIOD_NANOS;
        Arrays.sort(late);
        System.out.printf(Locale.ROOT,
                "%-22s p50 %7.1f us  p99 %7.1f us  p99.9 %7.1f us  max %8.1f us  cpu %5.1f%%%n", name,
                late[INSTANTS / 2] / 1e3, late[(int) (INSTANTS * 0.99)] / 1e3, late[(int) (INSTANTS * 0.999)] / 1e3,
                late[INSTANTS - 1] / 1e3, 100.0 * cpu / wall);
        LockSupport.parkNanos(50_000_000L);
    }
}

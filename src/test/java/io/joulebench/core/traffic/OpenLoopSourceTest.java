package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The §7 traffic properties of the open-loop issuer. Time bounds are the generous ones the issue asks for. */
class OpenLoopSourceTest {

    private static OpenLoopSource.Builder source(ArrivalSchedule schedule) {
        return OpenLoopSource.builder().schedule(schedule).shapes(FakeTransports.SHAPES);
    }

    @Test
    void issue_loop_does_not_block_under_a_never_returning_transport() throws Exception {
        ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 40));
        AtomicInteger interrupted = new AtomicInteger();
        IssuerReport report = source(schedule).build()
                .run(FakeTransports.neverReturning(interrupted), Duration.ofMillis(200));
        double span = schedule.offset(39);
        assertThat(report.issuedCount()).isEqualTo(40);
        assertThat(report.completedCount()).isZero();
        assertThat(report.timeoutCount()).isEqualTo(40);
        assertThat(report.issuanceDurationNanos() / 1e9).isLessThan(span + 0.5);
        assertThat(report.capBoundFraction()).isZero();
        assertThat(report.concurrencyCap()).isNull();
    }

    @Test
    void binding_cap_preserves_schedule_and_reports_cap_bound() throws Exception {
        ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 30));
        IssuerReport report = source(schedule).concurrencyCap(1).build()
                .run(FakeTransports.sleeping(Duration.ofMillis(15)), null);
        assertThat(report.completedCount()).isEqualTo(30);
        double span = schedule.offset(29);
        assertThat(report.issuanceDurationNanos() / 1e9).isLessThan(span + 0.3).isLessThan(30 * 0.015 / 2);
        long origin = report.records().get(0).issuedAtNanos() - Math.round(schedule.offset(0) * 1e9);
        for (RequestRecord r : report.records()) {
            assertThat(r.issuedAtNanos()).isEqualTo(origin + Math.round(schedule.offset(r.index()) * 1e9));
        }
        assertThat(report.dispatchLateness().maxNanos()).isGreaterThan(15_000_000L);
        assertThat(report.capBoundFraction()).isGreaterThan(0.8);
        assertThat(report.concurrencyCap()).isEqualTo(1);
    }

    @Test
    void uncapped_run_completes_and_is_not_cap_bound() throws Exception {
        IssuerReport report = source(ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 30))).build()
                .run(FakeTransports.sleeping(Duration.ofMillis(15)), null);
        assertThat(report.completedCount()).isEqualTo(30);
        assertThat(report.capBoundFraction()).isZero();
        assertThat(report.dispatchLateness().count()).isEqualTo(30);
        IssuerReport.LatencySummary l = report.dispatchLateness();
        assertThat(l.p50Nanos()).isLessThanOrEqualTo(l.p99Nanos());
        assertThat(l.p99Nanos()).isLessThanOrEqualTo(l.p999Nanos());
        assertThat(l.p999Nanos()).isLessThanOrEqualTo(l.maxNanos());
    }

    @Test
    void requests_queued_behind_the_cap_at_drain_timeout_were_never_dispatched() throws Exception {
        IssuerReport report = source(ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 5))).concurrencyCap(1).build()
                .run(FakeTransports.neverReturning(new AtomicInteger()), Duration.ofMillis(100));
        assertThat(report.timeoutCount()).isEqualTo(5);
        assertThat(report.records()).filteredOn(r -> r.dispatchedAtNanos() == null).hasSize(4);
        assertThat(report.capBoundFraction()).isGreaterThanOrEqualTo(0.8);
        assertThat(report.dispatchLateness().count()).isEqualTo(1);
    }

    @Test
    void transport_errors_are_bookkept_not_raised() throws Exception {
        IssuerReport report = source(ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 10))).build()
                .run(FakeTransports.failingEvenIndexes(), null);
        assertThat(report.issuedCount()).isEqualTo(10);
        assertThat(report.completedCount()).isEqualTo(10);
        assertThat(report.errorCount()).isEqualTo(5);
        assertThat(report.records()).filteredOn(r -> r.status() == RequestStatus.ERROR)
                .extracting(RequestRecord::index).containsExactly(0, 2, 4, 6, 8);
    }

    @Test
    void runtime_failures_of_the_transport_are_errors_too() throws Exception {
        Transport broken = request -> {
            throw new IllegalStateException("bad payload");
        };
        IssuerReport report = source(ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 3))).build().run(broken, null);
        assertThat(report.errorCount()).isEqualTo(3);
        assertThat(report.records().get(0).error()).isEqualTo("IllegalStateException: bad payload");
    }

    /**
     * Completion speed must not move when requests leave. On a lockstep virtual clock (below) a request's dispatch
     * instant is exact, so a transport that answers at once and one that holds every request until all 40 have been
     * sent (blocking on a latch, never touching the clock) must give identical dispatch and pacer-wake instants, each
     * the scheduled one. An issuer that waited for a completion, or held a dispatch behind one, would leave the slow
     * run stuck at its first request: the lockstep clock fails the run after a few real seconds.
     */
    @Test
    @Timeout(30)
    void completion_speed_never_moves_dispatch_times() throws Exception {
        ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.poisson(50, 5L, 40));
        long origin = 1_000_000_000_000L;
        long[] expected = new long[schedule.count()];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = origin + Math.round(schedule.offset(i) * 1e9);
        }

        LockstepClock fastClock = new LockstepClock(origin);
        IssuerReport fast = source(schedule).clock(fastClock).build()
                .run(fastClock.counting(request -> FakeTransports.tokens(fastClock.nanoTime())), null);

        LockstepClock slowClock = new LockstepClock(origin);
        CountDownLatch allSent = new CountDownLatch(schedule.count());
        IssuerReport slow = source(schedule).clock(slowClock).build().run(slowClock.counting(request -> {
            allSent.countDown();
            if (!allSent.await(20, TimeUnit.SECONDS)) {
                throw new TransportException("held until every request was sent, which never happened",
                        CompletionResult.EMPTY);
            }
            return FakeTransports.tokens(slowClock.nanoTime());
        }), null);

        for (IssuerReport report : List.of(fast, slow)) {
            assertThat(report.completedCount()).isEqualTo(schedule.count());
            assertThat(report.errorCount()).isZero();
            assertThat(report.records()).extracting(RequestRecord::issuedAtNanos).containsExactly(box(expected));
        }
        assertThat(dispatchTimes(slow)).isEqualTo(dispatchTimes(fast)).isEqualTo(expected);
        assertThat(slowClock.wakes()).isEqualTo(fastClock.wakes()).containsExactly(box(expected));
        assertThat(slow.records()).allSatisfy(r -> assertThat(r.completedAtNanos()).isEqualTo(expected[39]));
    }

    private static long[] dispatchTimes(IssuerReport report) {
        return report.records().stream().mapToLong(RequestRecord::dispatchedAtNanos).toArray();
    }

    private static Long[] box(long[] values) {
        return Arrays.stream(values).boxed().toArray(Long[]::new);
    }

    /**
     * A virtual clock that jumps to each deadline (like {@link VirtualClock}) but only once every request issued so
     * far has reached the transport, so {@code dispatchedAt} is read before time moves on and is exact. The issuer's
     * only sleeper is its pacer, and each pacer wake issues one request, so "issued so far" is the number of earlier
     * sleeps. Waits at most {@link #GRACE_SECONDS} real seconds for a dispatch, then fails the run.
     */
    private static final class LockstepClock implements Clock {
        private static final long GRACE_SECONDS = 5;
        private final AtomicLong now;
        private final Object lock = new Object();
        private final List<Long> wakes = new ArrayList<>();
        private int sent;

        LockstepClock(long startNanos) {
            this.now = new AtomicLong(startNanos);
        }

        @Override
        public long nanoTime() {
            return now.get();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            synchronized (lock) {
                long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
                while (sent < wakes.size()) {
                    long left = giveUp - System.nanoTime();
                    if (left <= 0) {
                        throw new IllegalStateException("request " + sent + " had not been dispatched "
                                + GRACE_SECONDS + " s after it was issued");
                    }
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                }
                wakes.add(now.accumulateAndGet(deadlineNanos, Math::max));
            }
        }

        /** The transport, telling this clock when a request has reached it. */
        Transport counting(Transport transport) {
            return request -> {
                synchronized (lock) {
                    sent++;
                    lock.notifyAll();
                }
                return transport.send(request);
            };
        }

        List<Long> wakes() {
            synchronized (lock) {
                return List.copyOf(wakes);
            }
        }
    }

    @Test
    void records_are_streamed_not_kept_when_retention_is_off() throws Exception {
        ConcurrentLinkedQueue<RequestRecord> seen = new ConcurrentLinkedQueue<>();
        IssuerReport report = source(ArrivalSchedule.build(ScheduleSpec.poisson(1000, 0L, 50)))
                .clock(VirtualClock.atSeconds(0)).listener(seen::add).retainRecords(false).build()
                .run(FakeTransports.instant(), null);
        assertThat(report.records()).isEmpty();
        assertThat(report.completedCount()).isEqualTo(50);
        assertThat(seen).hasSize(50);
    }

    @Test
    void a_failing_listener_does_not_break_the_run() throws Exception {
        IssuerReport report = source(ArrivalSchedule.build(ScheduleSpec.poisson(1000, 0L, 5)))
                .clock(VirtualClock.atSeconds(0)).listener(r -> {
                    throw new IllegalStateException("listener bug");
                }).build().run(FakeTransports.instant(), null);
        assertThat(report.completedCount()).isEqualTo(5);
    }

    @Test
    void a_failing_shape_source_fails_the_run_and_names_the_request() {
        OpenLoopSource source = OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.poisson(1000, 0L, 5)))
                .clock(VirtualClock.atSeconds(0))
                .shapes(index -> {
                    if (index == 3) {
                        throw new IllegalArgumentException("no prompt");
                    }
                    return FakeTransports.SHAPES.shape(index);
                }).build();
        assertThatThrownBy(() -> source.run(FakeTransports.instant(), null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("request 3").hasMessageContaining("no prompt");
    }

    @Test
    void cap_below_one_is_rejected() {
        assertThatThrownBy(() -> source(ArrivalSchedule.build(ScheduleSpec.poisson(1, 0L, 1))).concurrencyCap(0).build())
                .hasMessageContaining("concurrencyCap");
    }
}

package io.joulebench.core.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.stats.PowerSeries;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.window.WindowSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.DoublePredicate;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Spec §7 "Warmup" properties about time and cadence: a gate evaluation slower than the poll, the full-cadence
 * energy integral, a duty-cycle throttle seen at full cadence, and a plateau verdict that decimation leaves alone.
 * All on a virtual clock: a slow evaluation completes when the warmup's own sampling reaches its virtual finish time.
 */
class WarmupCadenceTest {

    private static final FakeWarmupTraffic.Ending BLOCK = FakeWarmupTraffic.Ending.BLOCK_UNTIL_CANCELLED;

    private final VirtualClock clock = VirtualClock.atSeconds(500);
    private final WindowSpec spec = WindowSpec.ofRate(4);

    /**
     * Gate evaluations that take {@code seconds} of virtual time: each task runs, on the warmup's thread, at the first
     * meter read at or after its submission + that time. Records submissions and the most ever in flight.
     */
    private final class SlowEvaluator implements Executor {
        private final long nanos;
        private final Deque<long[]> due = new ArrayDeque<>();
        private final Deque<Runnable> tasks = new ArrayDeque<>();
        final List<Double> submittedAt = new ArrayList<>();
        final List<Double> completedAt = new ArrayList<>();
        int maxInFlight;

        SlowEvaluator(double seconds) {
            this.nanos = Math.round(seconds * 1e9);
        }

        @Override
        public void execute(Runnable task) {
            submittedAt.add(clock.seconds());
            due.add(new long[] {clock.nanoTime() + nanos});
            tasks.add(task);
            maxInFlight = Math.max(maxInFlight, tasks.size());
        }

        /** Runs every evaluation whose virtual time is up. */
        void tick() {
            while (!due.isEmpty() && clock.nanoTime() >= due.peek()[0]) {
                due.poll();
                tasks.poll().run();
                completedAt.add(clock.seconds());
            }
        }
    }

    private WarmupResult run(FakeMeter meter, FakeWarmupTraffic traffic, WarmupConfig config, Executor evaluator)
            throws InterruptedException {
        return new Warmup(clock, meter, r -> CompletionResult.EMPTY, s -> traffic, config, evaluator).run(0, spec);
    }

    private FakeMeter meter(DoubleUnaryOperator watts, DoublePredicate throttled) {
        return new FakeMeter(clock, watts, t -> 60, throttled);
    }

    @Test
    void a_gate_slower_than_the_poll_keeps_one_evaluation_in_flight_while_sampling_and_traffic_go_on() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, BLOCK);
        FakeMeter meter = meter(t -> 200, t -> false);
        SlowEvaluator gate = new SlowEvaluator(5);
        List<Double> readsWhileEvaluating = new ArrayList<>();
        List<Integer> cancelledWhileWarming = new ArrayList<>();
        meter.beforeRead = () -> {
            gate.tick();
            if (gate.submittedAt.size() > gate.completedAt.size()) {
                readsWhileEvaluating.add(clock.seconds());
            }
            cancelledWhileWarming.add(traffic.cancelled.get());
        };

        WarmupResult r = run(meter, traffic, WarmupConfig.composite(), gate);

        assertThat(r.converged()).isTrue();
        assertThat(gate.maxInFlight).as("at most one evaluation in flight").isEqualTo(1);
        for (int i = 1; i < gate.submittedAt.size(); i++) {
            assertThat(gate.submittedAt.get(i)).as("evaluation %d starts after %d finished", i, i - 1)
                    .isGreaterThanOrEqualTo(gate.completedAt.get(i - 1));
        }
        assertThat(gate.submittedAt.size()).as("5 s evaluations, not one per 2 s poll").isLessThan(25);
        assertThat(readsWhileEvaluating.size()).as("the sampler keeps its 10 Hz during evaluations")
                .isGreaterThan(40 * gate.completedAt.size());
        assertThat(cancelledWhileWarming).as("traffic flows until the warmup ends").containsOnly(0);
        // the 90 s temperature history is reached at 590 s; the next evaluation that sees it completes ≤ 10 s later
        assertThat(r.elapsedSeconds()).isBetween(90.0, 101.0);
    }

    @Test
    void the_failsafe_fires_on_its_own_deadline_while_an_evaluation_is_still_running() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, BLOCK);
        FakeMeter meter = meter(t -> 200, t -> false);
        SlowEvaluator gate = new SlowEvaluator(1_000);
        meter.beforeRead = gate::tick;

        WarmupResult r = run(meter, traffic, WarmupConfig.composite().withTimeoutSeconds(60), gate);

        assertThat(r.timedOut()).isTrue();
        assertThat(r.converged()).isFalse();
        assertThat(r.elapsedSeconds()).as("the deadline, not the evaluation's end").isEqualTo(60.0);
        assertThat(gate.submittedAt).containsExactly(502.0);
        assertThat(gate.completedAt).isEmpty();
        assertThat(traffic.runner == null || traffic.finished.getCount() == 0).as("traffic released").isTrue();
    }

    @Test
    void warmup_energy_integrates_the_full_cadence_series_not_the_1_hz_view() throws Exception {
        // a 1 s sawtooth 100 → 300 W: the 1 Hz view always lands on the 100 W foot
        DoubleUnaryOperator sawtooth = t -> 100 + 200 * ((Math.round(t * 10) % 10) / 10.0);
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(3, RequestStatus.OK, BLOCK);
        WarmupResult r = run(meter(sawtooth, t -> false), traffic, WarmupConfig.fixed(60), Runnable::run);

        List<PowerSample> tenHz = new ArrayList<>();
        for (int k = 0; k <= 600; k++) {
            tenHz.add(new PowerSample(k * 100_000_000L, 0, sawtooth.applyAsDouble(k / 10.0), 60.0, false));
        }
        double full = PowerSeries.clean(tenHz).energyJ();
        double view = PowerSeries.clean(WarmupGate.decimate(tenHz, WarmupGate.VIEW_PERIOD_NANOS)).energyJ();
        assertThat(Math.abs(view - full) / full).as("the fixture separates the two").isGreaterThan(0.01);
        assertThat(r.energyJ()).isCloseTo(full, offset(1e-6));
    }

    @Test
    void a_duty_cycle_throttle_between_view_samples_still_blocks_convergence() throws Exception {
        // throttled 400 ms of every second, never at the whole seconds where the 1 Hz view samples
        DoublePredicate duty = t -> {
            double phase = t - Math.floor(t + 1e-9);
            return phase >= 0.3 && phase < 0.7;
        };
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, BLOCK);
        WarmupResult r = run(meter(t -> 200, duty), traffic, WarmupConfig.composite().withTimeoutSeconds(150),
                Runnable::run);

        assertThat(r.timedOut()).isTrue();
        assertThat(r.finalObservables()).isEqualTo(new WarmupObservables(true, true, false));
        List<PowerSample> tenHz = new ArrayList<>();
        for (int k = 0; k <= 1200; k++) {
            tenHz.add(new PowerSample(k * 100_000_000L, 0, 200.0, 60.0, duty.test(k / 10.0)));
        }
        assertThat(WarmupGate.decimate(tenHz, WarmupGate.VIEW_PERIOD_NANOS))
                .as("the view never sees it").noneMatch(s -> Boolean.TRUE.equals(s.throttled()));
        assertThat(WarmupGate.evaluate(tenHz).throttleClear()).isFalse();
    }

    @Test
    void the_plateau_verdict_is_the_same_on_the_full_series_and_on_its_1_hz_view() {
        List<DoubleUnaryOperator> shapes = List.of(t -> 200, t -> 100 * Math.pow(1.01, t),
                t -> t < 60 ? 150 : 220, t -> 200 + 3 * Math.sin(7.3 * t), t -> 100 + 2 * t);
        List<Boolean> verdicts = new ArrayList<>();
        for (DoubleUnaryOperator shape : shapes) {
            List<PowerSample> tenHz = new ArrayList<>();
            for (int k = 0; k <= 1200; k++) {
                tenHz.add(new PowerSample(k * 100_000_000L, 0, shape.applyAsDouble(k / 10.0), 60.0, false));
            }
            List<PowerSample> view = WarmupGate.decimate(tenHz, WarmupGate.VIEW_PERIOD_NANOS);
            boolean verdict = WarmupGate.evaluate(tenHz).powerPlateau();
            assertThat(WarmupGate.evaluate(view).powerPlateau()).isEqualTo(verdict);
            assertThat(WarmupGate.decimate(view, WarmupGate.VIEW_PERIOD_NANOS)).isEqualTo(view);
            verdicts.add(verdict);
        }
        assertThat(verdicts).as("the fixtures cover both verdicts").contains(true, false);
    }
}

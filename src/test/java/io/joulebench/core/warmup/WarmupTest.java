package io.joulebench.core.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.window.LevelPlan;
import io.joulebench.core.window.WindowManager;
import io.joulebench.core.window.WindowSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupTest {

    private final VirtualClock virtual = VirtualClock.atSeconds(500);
    private final WindowSpec spec = WindowSpec.ofRate(4);

    private static final FakeWarmupTraffic.Ending BLOCK = FakeWarmupTraffic.Ending.BLOCK_UNTIL_CANCELLED;

    private Warmup warmup(Clock clock, FakeMeter meter, FakeWarmupTraffic traffic, WarmupConfig config) {
        return new Warmup(clock, meter, r -> CompletionResult.EMPTY, s -> traffic, config, Runnable::run);
    }

    private FakeMeter steadyMeter() {
        return new FakeMeter(virtual, t -> 200, t -> 60);
    }

    @Test
    void composite_converges_once_power_temperature_and_throttle_hold() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, BLOCK);
        WarmupResult r = warmup(virtual, steadyMeter(), traffic, WarmupConfig.composite()).run(0, spec);

        assertThat(r.converged()).isTrue();
        assertThat(r.timedOut()).isFalse();
        assertThat(r.mode()).isEqualTo(WarmupMode.COMPOSITE);
        // the temperature needs 90 s of history; the gate is evaluated every 2 s
        assertThat(r.elapsedSeconds()).isBetween(90.0, 94.0);
        assertThat(r.energyJ()).isCloseTo(200 * r.elapsedSeconds(), offset(1e-6));
        assertThat(r.finalObservables()).isEqualTo(new WarmupObservables(true, true, true));
        assertThat(r.protocol()).contains("power", "temperature", "throttle", "900");
        assertThat(traffic.horizonSeconds).as("timeout + 2 polls + 20 mean gaps at 4 req/s").isEqualTo(909.0);
        assertThat(traffic.runner == null || traffic.finished.getCount() == 0)
                .as("traffic cancelled (before or while it ran) and awaited").isTrue();
    }

    @Test
    void a_drifting_temperature_times_out_and_proceeds() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, BLOCK);
        FakeMeter drifting = new FakeMeter(virtual, t -> 200, t -> 40 + 0.1 * t);
        WarmupResult r = warmup(virtual, drifting, traffic, WarmupConfig.composite()).run(0, spec);

        assertThat(r.timedOut()).isTrue();
        assertThat(r.converged()).isFalse();
        assertThat(r.elapsedSeconds()).isEqualTo(900.0);
        assertThat(r.finalObservables()).isEqualTo(new WarmupObservables(true, false, true));
        assertThat(traffic.runner == null || traffic.finished.getCount() == 0).as("traffic released").isTrue();
    }

    @Test
    void traffic_that_ends_before_the_deadline_is_a_warmup_traffic_error() {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, FakeWarmupTraffic.Ending.RETURN);
        Clock gated = new GatedClock(virtual, traffic);

        assertThatThrownBy(() -> warmup(gated, steadyMeter(), traffic, WarmupConfig.composite()).run(0, spec))
                .isInstanceOf(WarmupTrafficException.class).hasMessageContaining("warmup traffic ended at t=");
    }

    @Test
    void traffic_that_raises_is_a_chained_warmup_traffic_error_in_both_modes() {
        for (WarmupConfig config : List.of(WarmupConfig.composite(), WarmupConfig.fixed(300))) {
            FakeWarmupTraffic traffic = new FakeWarmupTraffic(5, RequestStatus.OK, FakeWarmupTraffic.Ending.THROW);
            Clock gated = new GatedClock(virtual, traffic);

            assertThatThrownBy(() -> warmup(gated, steadyMeter(), traffic, config).run(0, spec))
                    .isInstanceOf(WarmupTrafficException.class)
                    .hasMessageContaining("warmup traffic failed at t=")
                    .hasRootCauseMessage("connection refused");
        }
    }

    @Test
    void zero_successful_requests_is_a_warmup_traffic_error_in_both_modes() {
        for (WarmupConfig config : List.of(WarmupConfig.composite(), WarmupConfig.fixed(120))) {
            FakeWarmupTraffic traffic = new FakeWarmupTraffic(7, RequestStatus.ERROR, BLOCK);

            assertThatThrownBy(() -> warmup(virtual, steadyMeter(), traffic, config).run(0, spec))
                    .isInstanceOf(WarmupTrafficException.class).hasMessageContaining("zero successfully");
        }
    }

    @Test
    void requests_in_flight_when_a_short_fixed_warmup_ends_extend_it_until_the_first_finishes() throws Exception {
        // 2 req/s, a 1 s fixed warmup and 32-token outputs: nothing has finished at 1 s, the first answer at 2.5 s
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(0, RequestStatus.OK, BLOCK);
        FakeMeter meter = steadyMeter();
        long origin = virtual.nanoTime();
        java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean();
        meter.beforeRead = () -> {
            if (virtual.nanoTime() - origin >= 2_500_000_000L && answered.compareAndSet(false, true)) {
                traffic.listener.onTerminal(new io.joulebench.core.traffic.RequestRecord(0, 0, 0L, 1L,
                        RequestStatus.OK, null, CompletionResult.EMPTY));
            }
        };
        WarmupResult r = warmup(virtual, meter, traffic, WarmupConfig.fixed(1)).run(0, WindowSpec.ofRate(2));

        assertThat(r.converged()).isTrue();
        assertThat(r.elapsedSeconds()).isBetween(2.5, 2.7);
        assertThat(r.warning()).contains("extended from 1.0s to 2.").contains("no request had finished");
        assertThat(traffic.runner == null || traffic.finished.getCount() == 0).as("traffic released").isTrue();
    }

    @Test
    void requests_still_in_flight_at_the_timeout_are_no_failure_the_level_goes_on_with_a_warning() throws Exception {
        for (WarmupConfig config : List.of(WarmupConfig.fixed(1).withTimeoutSeconds(20),
                WarmupConfig.composite().withTimeoutSeconds(20))) {
            FakeWarmupTraffic traffic = new FakeWarmupTraffic(0, RequestStatus.OK, BLOCK);
            WarmupResult r = warmup(virtual, steadyMeter(), traffic, config).run(0, WindowSpec.ofRate(2));

            assertThat(r.elapsedSeconds()).as(config.mode().label()).isEqualTo(20.0);
            assertThat(r.warning()).contains("no warmup request finished within the warmup's 20s timeout");
        }
    }

    @Test
    void fixed_mode_runs_its_duration_without_a_gate() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(3, RequestStatus.OK, BLOCK);
        WarmupResult r = warmup(virtual, steadyMeter(), traffic, WarmupConfig.fixed(120)).run(0, spec);

        assertThat(r.converged()).isTrue();
        assertThat(r.timedOut()).isFalse();
        assertThat(r.elapsedSeconds()).isEqualTo(120.0);
        assertThat(r.finalObservables()).isNull();
        assertThat(r.energyJ()).isCloseTo(200 * 120.0, offset(1e-6));
        assertThat(r.protocol()).contains("fixed", "120", "no convergence gate");
        assertThat(traffic.horizonSeconds).as("traffic scheduled past the end, so a tail gap is no traffic death")
                .isEqualTo(120.0 + 4 + 5);
    }

    @Test
    void a_low_rate_schedule_over_the_warmup_horizon_never_runs_out_before_the_end() throws Exception {
        // examples/llama-cpp-docker.yaml: 1 req/s and a 3 s fixed warmup, where a bare 2-poll tail (7 s) left seed 5
        // with no arrival after t=3 s, so fast completions ended the traffic early and the level read as traffic death
        WindowSpec oneReqPerSecond = WindowSpec.ofRate(1);
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(3, RequestStatus.OK, BLOCK);
        warmup(virtual, steadyMeter(), traffic, WarmupConfig.fixed(3)).run(0, oneReqPerSecond);

        for (long seed = 0; seed < 2_000; seed++) {
            double[] offsets = ArrivalSchedule.build(ScheduleSpec.ofHorizon(1, ArrivalProcess.POISSON, 1.0, seed,
                    traffic.horizonSeconds)).offsets();
            assertThat(offsets[offsets.length - 1]).as("last arrival of seed %d", seed).isGreaterThan(3.0);
        }
    }

    @Test
    void fixed_zero_skips_warmup_without_traffic() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(3, RequestStatus.OK, BLOCK);
        FakeMeter meter = steadyMeter();
        WarmupResult r = warmup(virtual, meter, traffic, WarmupConfig.fixed(0)).run(0, spec);

        assertThat(r.converged()).isTrue();
        assertThat(r.elapsedSeconds()).isZero();
        assertThat(r.energyJ()).isNull();
        assertThat(traffic.created).hasValue(0);
        assertThat(meter.reads).hasValue(0);
        assertThat(virtual.seconds()).isEqualTo(500.0);
    }

    @Test
    void warms_again_before_every_level_with_the_cooldown_after_the_first() throws Exception {
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(3, RequestStatus.OK, BLOCK);
        Warmup hook = warmup(virtual, steadyMeter(), traffic, WarmupConfig.fixed(10).withCooldownSeconds(5));
        hook.beforeLevel(0, spec);
        double afterFirst = virtual.seconds();
        hook.beforeLevel(1, spec);

        assertThat(hook.results()).extracting(WarmupResult::levelIndex).containsExactly(0, 1);
        assertThat(virtual.seconds() - afterFirst).isCloseTo(15.0, offset(1e-9));
    }

    @Test
    void a_warmup_traffic_error_through_the_manager_opens_no_window() {
        // every finished warmup request failed (requests merely in flight are no error: see above)
        FakeWarmupTraffic traffic = new FakeWarmupTraffic(3, RequestStatus.ERROR, BLOCK);
        Warmup hook = warmup(virtual, steadyMeter(), traffic, WarmupConfig.fixed(30));
        List<String> opened = new ArrayList<>();
        WindowSpec short3 = WindowSpec.builder().rate(4).durationSeconds(5).rampExclusionSeconds(2).build();
        LevelPlan plan = LevelPlan.builder(short3, (l, h) -> (TrafficSource) (t, d) -> {
            throw new AssertionError("level traffic must not start");
        }, r -> CompletionResult.EMPTY, () -> {
            opened.add("bracket");
            throw new AssertionError("no bracket may be minted");
        }).warmup(hook).build();

        assertThatThrownBy(() -> new WindowManager(virtual).runLevel(0, plan))
                .isInstanceOf(WarmupTrafficException.class);
        assertThat(opened).isEmpty();
        assertThat(hook.results()).isEmpty();
    }
}

package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuEstimateMeterTest extends EnergyMeterContract {

    @TempDir
    Path proc;

    private final VirtualClock clock = VirtualClock.atSeconds(10);
    private final Map<Long, long[]> ticks = new HashMap<>();
    private final CpuEstimateMeter.Options options = new CpuEstimateMeter.Options(10, 5,
            Path.of("unset"), 100);

    /** Writes /proc/PID/stat with the given parent and utime/stime/cutime/cstime ticks. */
    private void process(long pid, long ppid, long utime, long stime, long cutime, long cstime) {
        ticks.put(pid, new long[] {ppid, utime, stime, cutime, cstime});
        try {
            Files.createDirectories(proc.resolve(Long.toString(pid)));
            Files.writeString(proc.resolve(pid + "/stat"), pid + " (my (odd) proc) S " + ppid
                    + " 1 1 0 -1 4194560 100 0 0 0 " + utime + " " + stime + " " + cutime + " " + cstime
                    + " 20 0 1 0 100 1000000 100\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private CpuEstimateMeter.Options opts() {
        return new CpuEstimateMeter.Options(options.wattsPerCore(), options.idleWatts(), proc, 100);
    }

    private void tree() {
        process(100, 1, 500, 100, 0, 0);
        process(101, 100, 50, 0, 0, 0);
        process(102, 101, 10, 0, 0, 0);
        process(200, 1, 9000, 0, 0, 0);
    }

    @Override
    protected EnergyMeter createMeter() {
        tree();
        return CpuEstimateMeter.open(new CpuTimeSource.ProcessTree(100), clock, opts());
    }

    @Override
    protected void letTimePass() {
        clock.advance(Duration.ofMillis(100));
        long[] t = ticks.get(101L);
        process(101, 100, t[1] + 10, t[2], t[3], t[4]);
    }

    @Test
    void process_tree_power_is_idle_plus_busy_cores_times_watts() {
        tree();
        try (CpuEstimateMeter meter = CpuEstimateMeter.open(new CpuTimeSource.ProcessTree(100), clock, opts())) {
            clock.advance(Duration.ofSeconds(2));
            // +300 ticks in the root, +100 in the grandchild, +1000 in an unrelated process: 4 CPU-s over 2 s
            process(100, 1, 800, 100, 0, 0);
            process(102, 101, 110, 0, 0, 0);
            process(200, 1, 10000, 0, 0, 0);
            MeterReading r = meter.read();
            assertThat(r.devices().getFirst().powerW()).isCloseTo(5 + 10 * 2.0, within(1e-9));
            assertThat(r.devices().getFirst().energyJ()).isNull();
            assertThat(meter.kind()).isEqualTo(EnergyKind.ESTIMATED);
            assertThat(meter.method()).isEqualTo(EnergyMethod.INTEGRATED_POWER);
            assertThat(meter.devices().getFirst().name()).isEqualTo("CPU estimate: process tree 100");
        }
    }

    @Test
    void a_reaped_child_moves_into_cutime_without_a_jump() {
        tree();
        try (CpuEstimateMeter meter = CpuEstimateMeter.open(new CpuTimeSource.ProcessTree(100), clock, opts())) {
            clock.advance(Duration.ofSeconds(1));
            // 102 exits and 101 reaps it: its 10 ticks move into 101's cutime
            try {
                Files.delete(proc.resolve("102/stat"));
                Files.delete(proc.resolve("102"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            process(101, 100, 50, 0, 10, 0);
            assertThat(meter.read().devices().getFirst().powerW()).isCloseTo(5, within(1e-9));
        }
    }

    @Test
    void cgroup_v2_and_v1_usage_are_read() throws IOException {
        Path v2 = Files.createDirectories(proc.resolve("cg2"));
        Files.writeString(v2.resolve("cpu.stat"), "usage_usec 1000000\nuser_usec 800000\nsystem_usec 200000\n");
        Path v1 = Files.createDirectories(proc.resolve("cg1"));
        Files.writeString(v1.resolve("cpuacct.usage"), "1000000000\n");
        try (CpuEstimateMeter a = CpuEstimateMeter.open(new CpuTimeSource.Cgroup(v2), clock, opts());
             CpuEstimateMeter b = CpuEstimateMeter.open(new CpuTimeSource.Cgroup(v1), clock, opts())) {
            clock.advance(Duration.ofSeconds(1));
            Files.writeString(v2.resolve("cpu.stat"), "usage_usec 1500000\n");
            Files.writeString(v1.resolve("cpuacct.usage"), "4000000000\n");
            assertThat(a.read().devices().getFirst().powerW()).isCloseTo(5 + 10 * 0.5, within(1e-9));
            assertThat(b.read().devices().getFirst().powerW()).isCloseTo(5 + 10 * 3, within(1e-9));
        }
    }

    @Test
    void machine_time_comes_from_proc_stat_busy_jiffies() throws IOException {
        Files.writeString(proc.resolve("stat"), "cpu  100 0 100 5000 7 0 0 0 0 0\ncpu0 1 2 3 4\n");
        try (CpuEstimateMeter meter = CpuEstimateMeter.open(new CpuTimeSource.Machine(), clock, opts())) {
            clock.advance(Duration.ofSeconds(1));
            Files.writeString(proc.resolve("stat"), "cpu  200 0 250 5100 9 0 0 0 0 0\n");
            assertThat(meter.read().devices().getFirst().powerW()).isCloseTo(5 + 10 * 2.5, within(1e-9));
        }
    }

    @Test
    void a_bracket_integrates_the_estimate() throws InterruptedException {
        tree();
        try (CpuEstimateMeter meter = CpuEstimateMeter.open(new CpuTimeSource.ProcessTree(100), clock, opts())) {
            SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, clock,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
            clock.advance(Duration.ofMillis(100));
            bracket.open();
            for (int i = 1; i <= 20; i++) {
                clock.advance(Duration.ofMillis(100));
                process(100, 1, 500 + 10 * i, 100, 0, 0); // one busy core
                bracket.sampleNow();
            }
            BracketResult r = bracket.finish();
            assertThat(r.kind()).isEqualTo(EnergyKind.ESTIMATED);
            assertThat(r.method()).isEqualTo(EnergyMethod.INTEGRATED_POWER);
            assertThat(r.energyJ()).isCloseTo(15 * 2.0, within(15 * 0.1));
        }
    }

    @Test
    void a_missing_process_is_a_clear_error() {
        tree();
        assertThatThrownBy(() -> CpuEstimateMeter.open(new CpuTimeSource.ProcessTree(999), clock, opts()))
                .isInstanceOf(MeterException.class).hasMessageContaining("process 999 not found");
    }

    @Test
    void this_jvm_is_readable_through_the_real_proc() {
        try (CpuEstimateMeter meter = CpuEstimateMeter.open(new CpuTimeSource.ProcessTree(ProcessHandle.current()
                .pid()), Clock.system(), CpuEstimateMeter.Options.defaults())) {
            assertThat(meter.read().devices().getFirst().powerW()).isGreaterThanOrEqualTo(0.0);
        }
    }
}

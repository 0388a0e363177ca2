package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineCoreTest {

    private static final long MS = 1_000_000;

    private final VirtualClock clock = new VirtualClock(0);

    private EngineCore core(Map<String, Double> overrides) {
        EngineProfile profile = EngineProfile.SMALL.withOverrides(overrides);
        PowerModel power = new PowerModel(profile, 1, clock, Duration.ofSeconds(60), Duration.ofMillis(100),
                false, 1);
        return new EngineCore(profile, power, clock);
    }

    private static Map<String, Double> timing(int maxNumSeqs) {
        return Map.of("max_num_seqs", (double) maxNumSeqs, "prefill_s_per_token", 0.001,
                "decode_base_s", 0.010, "decode_per_seq_s", 0.001);
    }

    private static RecordingSink submit(EngineCore core, long index, int promptTokens, int tokens) {
        RecordingSink sink = new RecordingSink();
        core.submit(new Sequence(index, promptTokens, tokens, "length", sink));
        return sink;
    }

    @Test
    void step_time_is_prefill_plus_base_plus_per_sequence_times_batch() throws InterruptedException {
        EngineCore core = core(timing(8));
        RecordingSink a = submit(core, 0, 100, 3);
        RecordingSink b = submit(core, 1, 50, 3);
        while (core.stepOnce()) {
            // run to idle
        }
        // first step prefills 150 tokens: 0.150 + 0.010 + 2 × 0.001; later steps 0.012
        assertThat(a.tokenTimes).containsExactly(162 * MS, 174 * MS, 186 * MS);
        assertThat(b.tokenTimes).isEqualTo(a.tokenTimes);
        assertThat(a.finishReason).isEqualTo("length");
        assertThat(core.generationTokens()).isEqualTo(6);
        assertThat(core.promptTokens()).isEqualTo(150);
    }

    @Test
    void queueing_appears_when_the_batch_is_full() throws InterruptedException {
        EngineCore core = core(timing(4));
        List<RecordingSink> sinks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            sinks.add(submit(core, i, 0, 2));
        }
        assertThat(core.stepOnce()).isTrue();
        assertThat(core.running()).isEqualTo(4);
        assertThat(core.waiting()).isEqualTo(2);
        assertThat(sinks.get(4).tokenTimes).isEmpty();
        while (core.stepOnce()) {
            // drain
        }
        long lastOfFirstBatch = sinks.get(0).finishedAt;
        assertThat(sinks.get(4).tokenTimes.get(0)).isGreaterThan(lastOfFirstBatch);
        assertThat(sinks.get(5).tokenTimes.get(0)).isEqualTo(sinks.get(4).tokenTimes.get(0));
        assertThat(core.running()).isZero();
        assertThat(core.waiting()).isZero();
    }

    @Test
    void fifo_admits_the_oldest_waiting_sequence_first() throws InterruptedException {
        EngineCore core = core(timing(1));
        RecordingSink first = submit(core, 0, 0, 1);
        RecordingSink second = submit(core, 1, 0, 1);
        RecordingSink third = submit(core, 2, 0, 1);
        while (core.stepOnce()) {
            // drain
        }
        assertThat(first.finishedAt).isLessThan(second.finishedAt);
        assertThat(second.finishedAt).isLessThan(third.finishedAt);
    }

    @Test
    void power_follows_the_batch_occupancy_and_returns_to_idle() throws InterruptedException {
        EngineCore core = core(Map.of("max_num_seqs", 8.0));
        PowerPhysics physics = core.power().physics();
        double idle = core.power().read(0).powerW();
        double previous = idle;
        for (int batch = 1; batch <= 8; batch *= 2) {
            for (int i = 0; i < batch; i++) {
                submit(core, i, 1, 1000);
            }
            core.stepOnce();
            double p = core.power().read(0).powerW();
            assertThat(p).isCloseTo(physics.power(batch / 8.0, physics.steadyRise(batch / 8.0)), within(1e-9));
            assertThat(p).isGreaterThan(previous);
            previous = p;
            core.close();
            core = core(Map.of("max_num_seqs", 8.0));
        }
        RecordingSink s = submit(core, 0, 1, 2);
        while (core.stepOnce()) {
            // drain
        }
        assertThat(s.finishedAt).isPositive();
        assertThat(core.power().read(0).powerW()).isCloseTo(idle, within(1e-9));
    }

    @Test
    void cancelled_sequences_leave_the_batch() throws InterruptedException {
        EngineCore core = core(timing(4));
        RecordingSink sink = new RecordingSink();
        Sequence s = new Sequence(0, 0, 100, "length", sink);
        core.submit(s);
        core.stepOnce();
        s.cancel();
        assertThat(core.stepOnce()).isFalse();
        assertThat(sink.tokenTimes).hasSize(1);
        assertThat(sink.finishReason).isNull();
    }
}

package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrueEnergyLedgerTest {

    private static final class Sink implements TokenSink {
        Double truth;

        @Override
        public void tokens(int generated, long atNanos) {
        }

        @Override
        public void finished(String finishReason, long atNanos) {
        }

        @Override
        public void trueEnergy(double joules) {
            truth = joules;
        }
    }

    @Test
    void a_step_is_split_whole_idle_equally_and_the_rest_by_the_step_time_each_sequence_costs() {
        EngineProfile p = EngineProfile.SMALL;
        PowerModel power = new PowerModel(p, 1, VirtualClock.atSeconds(0), Duration.ofSeconds(60),
                Duration.ofMillis(100), false, 1);
        double idleW = power.physics().power(0, power.physics().steadyRise(0));
        TrueEnergyLedger ledger = new TrueEnergyLedger(p, power);
        Sink oldSink = new Sink();
        Sink newSink = new Sink();
        Sequence decoding = new Sequence(0, 10, 5, "length", oldSink);
        decoding.generated = 3;
        Sequence admitted = new Sequence(1, 1000, 1, "length", newSink);

        double seconds = 0.1;
        double energy = idleW * seconds + 30;
        ledger.credit(List.of(decoding, admitted), 1, energy, seconds);

        double decode = p.decodeBaseS() / 2 + p.decodePerSeqS();
        double prefill = decode + p.prefillSPerToken() * 1000;
        assertThat(decoding.trueEnergyJ + admitted.trueEnergyJ).isCloseTo(energy, within(1e-9));
        assertThat(admitted.trueEnergyJ).isCloseTo(idleW * seconds / 2 + 30 * prefill / (prefill + decode),
                within(1e-9));
        assertThat(newSink.truth).as("its last step: told before its last token").isEqualTo(admitted.trueEnergyJ);
        assertThat(oldSink.truth).as("still decoding").isNull();
    }
}

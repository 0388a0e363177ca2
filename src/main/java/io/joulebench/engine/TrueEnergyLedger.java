package io.joulebench.engine;

import java.util.List;

/**
 * Ground truth per request: each step's exact energy (the power model's ∫P dt over the step, all GPUs) split among
 * the sequences in the step's batch. The idle part, {@code min(E, idle power × step time)}, is split equally; the
 * rest by the step time each sequence costs as the scheduler models it: {@code prefill_s_per_token × prompt tokens}
 * (less those the prefix cache served) for a sequence admitted in this step, plus
 * {@code decode_base_s / batch + decode_per_seq_s} for every one.
 * Energy outside steps (an idle engine) is no request's. Served as {@code usage.joulebench_true_energy_j}
 * (docs/reference-engine.md); simulated, for checking the harness's attribution, never a measurement.
 */
final class TrueEnergyLedger {

    private final EngineProfile profile;
    private final double idlePowerW;

    TrueEnergyLedger(EngineProfile profile, PowerModel power) {
        this.profile = profile;
        PowerPhysics physics = power.physics();
        this.idlePowerW = power.gpuCount() * physics.power(0, physics.steadyRise(0));
    }

    /**
     * Credits one step's {@code energyJ} over {@code seconds} to {@code batch}, whose last {@code admitted}
     * sequences were prefilled in it; a sequence that ends with this step is told its total at once (before its
     * last token is published, so the usage chunk carries it).
     */
    void credit(List<Sequence> batch, int admitted, double energyJ, double seconds) {
        int n = batch.size();
        if (n == 0) {
            return;
        }
        double idle = Math.max(0, Math.min(energyJ, idlePowerW * seconds));
        double dynamic = energyJ - idle;
        double decode = profile.decodeBaseS() / n + profile.decodePerSeqS();
        double[] work = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            work[i] = decode + (i >= n - admitted ? profile.prefillSPerToken() * batch.get(i).prefillTokens() : 0);
            total += work[i];
        }
        for (int i = 0; i < n; i++) {
            Sequence s = batch.get(i);
            s.trueEnergyJ += idle / n + (total > 0 ? dynamic * work[i] / total : dynamic / n);
            if (s.generated + 1 >= s.targetTokens) {
                s.sink.trueEnergy(s.trueEnergyJ);
            }
        }
    }
}

package io.joulebench.core.session;

import io.joulebench.core.study.ReferenceEngineOptions;
import io.joulebench.core.study.ReferenceFaults;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The study's {@code reference:} block as {@code joulebench engine} flags. One vocabulary for both runners: the
 * process runner appends them to the engine command, and the in-process factory parses them back into engine options.
 */
public final class ReferenceArgs {

    private ReferenceArgs() {
    }

    /**
     * {@code --profile}, {@code --gpus}, {@code --seed} (the task seed when unset), load delay, τ, max_num_seqs, the
     * prefix cache and KV capacities, faults.
     */
    public static List<String> of(ReferenceEngineOptions r, long taskSeed) {
        List<String> out = new ArrayList<>();
        if (r == null) {
            out.addAll(List.of("--seed", Long.toString(taskSeed)));
            return out;
        }
        out.addAll(List.of("--profile", r.profile(), "--gpus", Integer.toString(r.gpus()),
                "--seed", Long.toString(r.seed() != null ? r.seed() : taskSeed)));
        if (r.loadDelaySeconds() > 0) {
            out.addAll(List.of("--load-delay", number(r.loadDelaySeconds())));
        }
        if (r.thermalTimeConstantSeconds() != null) {
            out.addAll(List.of("--thermal-tau", number(r.thermalTimeConstantSeconds())));
        }
        if (r.maxNumSeqs() != null) {
            out.addAll(List.of("--set", "max_num_seqs=" + r.maxNumSeqs()));
        }
        if (r.prefixCacheTokens() != null) {
            out.addAll(List.of("--prefix-cache-tokens", Integer.toString(r.prefixCacheTokens())));
        }
        if (r.kvCacheTokens() != null) {
            out.addAll(List.of("--kv-cache-tokens", Integer.toString(r.kvCacheTokens())));
        }
        ReferenceFaults f = r.faults();
        if (f != null) {
            if (f.neverReady()) {
                out.addAll(List.of("--fault", "never-ready"));
            }
            if (f.exitAfterSeconds() != null) {
                out.addAll(List.of("--fault", "exit-after=" + number(f.exitAfterSeconds())));
            }
            fraction(out, "stall", f.stallFraction());
            fraction(out, "error", f.errorFraction());
            fraction(out, "malformed-sse", f.malformedSseFraction());
            fraction(out, "drop", f.dropConnectionFraction());
        }
        return out;
    }

    private static void fraction(List<String> out, String name, double value) {
        if (value > 0) {
            out.addAll(List.of("--fault", name + "=" + number(value)));
        }
    }

    static String number(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}

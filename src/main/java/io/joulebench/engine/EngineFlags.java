package io.joulebench.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The reference engine's flags, declared once and parsed by picocli only: {@code joulebench engine} mixes them in,
 * and the in-process factory parses the same flags (the study's {@code reference:} block as
 * {@code io.joulebench.core.session.ReferenceArgs} renders it) through {@link #parse}. Host, port and remote binding
 * are the command's own; an in-process engine always binds loopback on the port its launcher chose.
 */
public final class EngineFlags {

    @Option(names = "--profile", completionCandidates = ProfileNames.class,
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}; see docs/reference-engine.md).")
    String profile = "small";

    @Option(names = "--gpus", description = "Simulated GPUs, 1-8 (default: ${DEFAULT-VALUE}).")
    int gpus = 1;

    @Option(names = "--seed", description = "Seed of text, lengths, faults and GPU UUIDs (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--load-delay", paramLabel = "SECONDS",
            description = "/health answers 503 this long (default: ${DEFAULT-VALUE}).")
    double loadDelaySeconds;

    @Option(names = "--thermal-tau", paramLabel = "SECONDS",
            description = "Thermal time constant (default: the profile's; 180 for small, medium and large).")
    Double thermalTauSeconds;

    @Option(names = "--counter-period-ms", description = "Energy counter update period (default: ${DEFAULT-VALUE}).")
    double counterPeriodMs = EngineOptions.DEFAULT_COUNTER_PERIOD.toMillis();

    @Option(names = "--no-thermal-drift", description = "Temperature sits at its steady state at once.")
    boolean noThermalDrift;

    @Option(names = "--prefix-cache-tokens", paramLabel = "TOKENS",
            description = "Simulated prefix cache capacity in tokens (blocks of 16); 0 = off "
                    + "(default: ${DEFAULT-VALUE}).")
    int prefixCacheTokens = EngineOptions.DEFAULT_PREFIX_CACHE_TOKENS;

    @Option(names = "--kv-cache-tokens", paramLabel = "TOKENS",
            description = "KV capacity of the running batch in tokens; 0 = only max_num_seqs limits it "
                    + "(default: ${DEFAULT-VALUE}).")
    int kvCacheTokens;

    @Option(names = "--set", paramLabel = "NAME=VALUE",
            description = "Override a profile parameter (repeatable), e.g. max_num_seqs=128.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--fault", paramLabel = "SPEC", description = {
        "Inject a fault (repeatable): never-ready, exit-after=SECONDS, stall=F, error=F, malformed-sse=F, drop=F,",
        "ignore-sigterm (only SIGKILL stops the process)."})
    List<String> faults = new ArrayList<>();

    /**
     * Parses engine flags (nothing else: no host, port or positional arguments).
     *
     * @throws IllegalArgumentException naming the flag when one is unknown, lacks its value or has a bad one
     */
    public static EngineFlags parse(List<String> args) {
        EngineFlags flags = new EngineFlags();
        try {
            new CommandLine(flags).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.UnmatchedArgumentException e) {
            throw new IllegalArgumentException("unknown reference engine flag "
                    + String.join(" ", e.getUnmatched()), e);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("engine flags: " + e.getMessage(), e);
        }
        return flags;
    }

    /**
     * The engine options these flags give (host, port, remote binding and clock left to the caller).
     *
     * @throws IllegalArgumentException when a value is out of range
     */
    public EngineOptions.Builder builder() {
        if (!Double.isFinite(loadDelaySeconds) || (thermalTauSeconds != null && !Double.isFinite(thermalTauSeconds))
                || !Double.isFinite(counterPeriodMs)) {
            throw new IllegalArgumentException("durations must be finite numbers");
        }
        return EngineOptions.builder().profile(profile).gpus(gpus).seed(seed)
                .loadDelay(seconds(loadDelaySeconds))
                .thermalTimeConstant(thermalTauSeconds == null ? null : seconds(thermalTauSeconds))
                .counterPeriod(seconds(counterPeriodMs / 1000))
                .thermalDrift(!noThermalDrift)
                .prefixCacheTokens(prefixCacheTokens)
                .kvCacheTokens(kvCacheTokens)
                .overrides(overrides())
                .faults(faults());
    }

    /** The injected faults the flags name. */
    public Faults faults() {
        return Faults.parse(faults);
    }

    private Map<String, Double> overrides() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--set needs NAME=VALUE, got '" + s + "'");
            }
            try {
                out.put(s.substring(0, eq).trim(), Double.parseDouble(s.substring(eq + 1).trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--set " + s.substring(0, eq) + ": not a number");
            }
        }
        return out;
    }

    /** The profile names picocli lists in the help ({@code ${COMPLETION-CANDIDATES}}): {@link EngineProfile#names()}. */
    static final class ProfileNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return EngineProfile.names().iterator();
        }
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}

package io.joulebench.core.study;

import java.util.List;

/**
 * The {@code reference:} block. Null fields mean "the profile's default" (the engine owns those defaults);
 * {@code seed} null means the task's random_seed. {@code prefixCacheTokens} and {@code kvCacheTokens} null mean the
 * engine's defaults (a prefix cache on, no KV capacity but {@code max_num_seqs}; docs/reference-engine.md).
 */
public record ReferenceEngineOptions(String profile, int gpus, Long seed, double loadDelaySeconds,
                                     Double thermalTimeConstantSeconds, Integer maxNumSeqs, ReferenceFaults faults,
                                     Integer prefixCacheTokens, Integer kvCacheTokens) {

    /** The block without the cache keys (the engine's defaults for both). */
    public ReferenceEngineOptions(String profile, int gpus, Long seed, double loadDelaySeconds,
                                  Double thermalTimeConstantSeconds, Integer maxNumSeqs, ReferenceFaults faults) {
        this(profile, gpus, seed, loadDelaySeconds, thermalTimeConstantSeconds, maxNumSeqs, faults, null, null);
    }

    /**
     * The reference engine's profile names, the choices of {@code reference.profile}: the plausible shapes, then the
     * profiles fitted to published measurements (core cannot see the engine; {@code FittedProfileTest} keeps this
     * list equal to {@code EngineProfile.names()}).
     */
    public static final List<String> PROFILES = List.of("small", "medium", "large", "llenergymeasure-a100-qwen0.5b",
            "mlenergy-h100-llama3.1-8b");

    /** The model name the reference engine serves for a profile ({@code /v1/models}, the chunks' {@code model}). */
    public static String servedModelName(String profile) {
        return "joulebench-sim-" + profile;
    }
}

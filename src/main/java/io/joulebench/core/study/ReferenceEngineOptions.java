package io.joulebench.core.study;

/**
 * The {@code reference:} block. Null fields mean "the profile's default" (the engine owns those defaults);
 * {@code seed} null means the task's random_seed.
 */
public record ReferenceEngineOptions(String profile, int gpus, Long seed, double loadDelaySeconds,
                                     Double thermalTimeConstantSeconds, Integer maxNumSeqs, ReferenceFaults faults) {
}

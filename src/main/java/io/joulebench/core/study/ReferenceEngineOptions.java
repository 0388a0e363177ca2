package io.joulebench.core.study;

/**
 * The {@code reference:} block. Null fields mean "the profile's default" (the engine owns those defaults);
 * {@code seed} null means the task's random_seed.
 */
public record ReferenceEngineOptions(String profile, int gpus, Long seed, double loadDelaySeconds,
                                     Double thermalTimeConstantSeconds, Integer maxNumSeqs, ReferenceFaults faults) {

    /** The model name the reference engine serves for a profile ({@code /v1/models}, the chunks' {@code model}). */
    public static String servedModelName(String profile) {
        return "joulebench-sim-" + profile;
    }
}

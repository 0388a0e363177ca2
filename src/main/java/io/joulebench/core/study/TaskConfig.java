package io.joulebench.core.study;

/** {@code task}: the model (null for the reference engine when not given), prompts and token limits. */
public record TaskConfig(String model, DatasetConfig dataset, int maxInputTokens, int maxOutputTokens,
                         long randomSeed) {
}

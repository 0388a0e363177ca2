package io.joulebench.core.study;

import io.joulebench.core.traffic.OpenAiEndpoint;

/**
 * {@code task}: the model (null for the reference engine when not given), prompts, token limits and the OpenAI API
 * the requests speak ({@code api}: completions sends {@code prompt} to {@code /v1/completions}, chat sends
 * {@code messages} to {@code /v1/chat/completions}). {@code sessions} is null unless the study sets
 * {@code task.sessions} (multi-turn conversations, docs/workloads.md).
 */
public record TaskConfig(String model, DatasetConfig dataset, int maxInputTokens, int maxOutputTokens,
                         long randomSeed, OpenAiEndpoint api, SessionsConfig sessions) {

    public TaskConfig {
        api = api == null ? OpenAiEndpoint.COMPLETIONS : api;
    }

    /** A task of single requests (no {@code sessions}). */
    public TaskConfig(String model, DatasetConfig dataset, int maxInputTokens, int maxOutputTokens, long randomSeed,
                      OpenAiEndpoint api) {
        this(model, dataset, maxInputTokens, maxOutputTokens, randomSeed, api, null);
    }
}

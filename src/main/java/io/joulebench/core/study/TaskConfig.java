package io.joulebench.core.study;

import io.joulebench.core.traffic.OpenAiEndpoint;

/**
 * {@code task}: the model (null for the reference engine when not given), prompts, token limits and the OpenAI API
 * the requests speak ({@code api}: completions sends {@code prompt} to {@code /v1/completions}, chat sends
 * {@code messages} to {@code /v1/chat/completions}).
 */
public record TaskConfig(String model, DatasetConfig dataset, int maxInputTokens, int maxOutputTokens,
                         long randomSeed, OpenAiEndpoint api) {

    public TaskConfig {
        api = api == null ? OpenAiEndpoint.COMPLETIONS : api;
    }
}

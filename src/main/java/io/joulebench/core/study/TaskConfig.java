package io.joulebench.core.study;

import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.workload.Distribution;
import io.joulebench.core.workload.SharedPrefix;

/**
 * {@code task}: the model (null for the reference engine when not given), prompts, token limits and the OpenAI API
 * the requests speak ({@code api}: completions sends {@code prompt} to {@code /v1/completions}, chat sends
 * {@code messages} to {@code /v1/chat/completions}). {@code inputTokens}, {@code outputTokens} (per-request length
 * distributions), {@code sharedPrefix} and {@code sessions}
 * (multi-turn conversations) are null unless the study sets them (docs/workloads.md).
 */
public record TaskConfig(String model, DatasetConfig dataset, int maxInputTokens, int maxOutputTokens,
                         long randomSeed, OpenAiEndpoint api, Distribution inputTokens, Distribution outputTokens,
                         SharedPrefix sharedPrefix, SessionsConfig sessions) {

    public TaskConfig {
        api = api == null ? OpenAiEndpoint.COMPLETIONS : api;
    }

    /** A task with the dataset's own prompt lengths and one output limit. */
    public TaskConfig(String model, DatasetConfig dataset, int maxInputTokens, int maxOutputTokens, long randomSeed,
                      OpenAiEndpoint api) {
        this(model, dataset, maxInputTokens, maxOutputTokens, randomSeed, api, null, null, null, null);
    }

    /** Whether requests take their lengths from distributions or a shared prefix rather than the dataset. */
    public boolean synthesizesLengths() {
        return inputTokens != null || outputTokens != null || sharedPrefix != null;
    }

    /**
     * The lengths a level of this task draws (before an empirical file is read: {@link
     * io.joulebench.core.workload.LengthMix#resolve}), or null when it synthesizes none: what the run and the
     * workbench's preview both sample, seeded by {@link #randomSeed}.
     */
    public io.joulebench.core.workload.LengthMix lengthMix() {
        return synthesizesLengths() ? new io.joulebench.core.workload.LengthMix(inputTokens, outputTokens,
                sharedPrefix, maxInputTokens) : null;
    }
}

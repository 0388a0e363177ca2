package io.joulebench.core.workload;

import io.joulebench.core.server.EnginePreset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How each engine is asked to generate exactly a row's output length (docs/engines.md, "Output forcing"):
 * {@code max_tokens} caps it everywhere; where the engine's API allows, {@code ignore_eos} stops the end-of-sequence
 * token from ending it early and {@code min_tokens} sets the floor. The one owner of these request fields.
 */
public enum OutputForcing {

    /** {@code max_tokens}, {@code ignore_eos} and {@code min_tokens}: vLLM, TensorRT-LLM's {@code trtllm-serve}. */
    IGNORE_EOS_AND_MIN_TOKENS(true, true),
    /** {@code max_tokens} and {@code ignore_eos}: SGLang, llama.cpp, the reference engine. */
    IGNORE_EOS(true, false),
    /** {@code max_tokens} only: TGI's OpenAI API has no field to suppress EOS; a custom engine's API is unknown. */
    MAX_TOKENS_ONLY(false, false);

    private final boolean ignoreEos;
    private final boolean minTokens;

    OutputForcing(boolean ignoreEos, boolean minTokens) {
        this.ignoreEos = ignoreEos;
        this.minTokens = minTokens;
    }

    public static OutputForcing of(EnginePreset preset) {
        return switch (preset) {
            case VLLM, TRTLLM -> IGNORE_EOS_AND_MIN_TOKENS;
            case SGLANG, LLAMACPP, REFERENCE -> IGNORE_EOS;
            case TGI, CUSTOM -> MAX_TOKENS_ONLY;
        };
    }

    /** Whether the engine can be kept from stopping before {@code max_tokens}. */
    public boolean forcesLength() {
        return ignoreEos || minTokens;
    }

    /** The request fields that ask for {@code outputTokens} tokens, in this engine's words. */
    public Map<String, Object> fields(int outputTokens) {
        if (outputTokens < 0) {
            throw new IllegalArgumentException("output tokens must be >= 0, got " + outputTokens);
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("max_tokens", outputTokens);
        if (ignoreEos) {
            fields.put("ignore_eos", true);
        }
        if (minTokens) {
            fields.put("min_tokens", outputTokens);
        }
        return fields;
    }
}

package io.joulebench.core.session;

import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ShapeSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured request bodies: {@code {"model", "prompt": prompts[i mod N], "max_tokens", "temperature": 0.0}} for
 * the completions API, {@code {"model", "messages": [{"role": "user", "content": prompts[i mod N]}], "max_tokens",
 * "temperature": 0.0}} for chat. Request 0 is also the readiness probe ("warm the path you measure").
 */
public final class PromptShapes implements ShapeSource {

    private final String model;
    private final List<String> prompts;
    private final int maxTokens;
    private final OpenAiEndpoint api;

    public PromptShapes(String model, List<String> prompts, int maxTokens) {
        this(model, prompts, maxTokens, OpenAiEndpoint.COMPLETIONS);
    }

    public PromptShapes(String model, List<String> prompts, int maxTokens, OpenAiEndpoint api) {
        if (prompts.isEmpty()) {
            throw new IllegalArgumentException("no prompts");
        }
        this.model = model;
        this.prompts = List.copyOf(prompts);
        this.maxTokens = maxTokens;
        this.api = api;
    }

    @Override
    public RequestShape shape(int index) {
        Map<String, Object> payload = body(model, api, prompts.get(Math.floorMod(index, prompts.size())));
        payload.put("max_tokens", maxTokens);
        return new RequestShape(index, payload);
    }

    /**
     * A request body without its length fields: {@code model} (when set), the prompt as {@code prompt} or as one user
     * message for chat, and {@code temperature} 0.0.
     */
    static Map<String, Object> body(String model, OpenAiEndpoint api, String prompt) {
        Map<String, Object> payload = new LinkedHashMap<>();
        if (model != null) {
            payload.put("model", model);
        }
        if (api == OpenAiEndpoint.CHAT) {
            Map<String, Object> message = new LinkedHashMap<>();
            message.put("role", "user");
            message.put("content", prompt);
            payload.put("messages", List.of(message));
        } else {
            payload.put("prompt", prompt);
        }
        payload.put("temperature", 0.0);
        return payload;
    }
}

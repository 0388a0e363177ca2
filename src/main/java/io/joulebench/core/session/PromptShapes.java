package io.joulebench.core.session;

import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ShapeSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured request bodies: {@code {"model", "prompt": prompts[i mod N], "max_tokens", "temperature": 0.0}}.
 * Request 0 is also the readiness probe ("warm the path you measure").
 */
public final class PromptShapes implements ShapeSource {

    private final String model;
    private final List<String> prompts;
    private final int maxTokens;

    public PromptShapes(String model, List<String> prompts, int maxTokens) {
        if (prompts.isEmpty()) {
            throw new IllegalArgumentException("no prompts");
        }
        this.model = model;
        this.prompts = List.copyOf(prompts);
        this.maxTokens = maxTokens;
    }

    @Override
    public RequestShape shape(int index) {
        Map<String, Object> payload = new LinkedHashMap<>();
        if (model != null) {
            payload.put("model", model);
        }
        payload.put("prompt", prompts.get(Math.floorMod(index, prompts.size())));
        payload.put("max_tokens", maxTokens);
        payload.put("temperature", 0.0);
        return new RequestShape(index, payload);
    }
}

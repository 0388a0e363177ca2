package io.joulebench.core.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How readiness is judged: GET {@code healthPath} until 200, then POST {@code probeBody} to {@code probePath} until
 * 200 ("warm the path you measure"). A null body sends a bodyless POST.
 */
public record ReadinessProbe(String healthPath, String probePath, String probeBody, Duration pollInterval,
                             Duration requestTimeout) {

    public static final Duration DEFAULT_POLL = Duration.ofMillis(500);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    public ReadinessProbe {
        Objects.requireNonNull(healthPath, "healthPath");
        Objects.requireNonNull(probePath, "probePath");
        pollInterval = pollInterval == null ? DEFAULT_POLL : pollInterval;
        requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
        if (!healthPath.startsWith("/") || !probePath.startsWith("/")) {
            throw new IllegalArgumentException("readiness paths must start with '/': " + healthPath + ", " + probePath);
        }
    }

    /** The preset's paths with the fallback probe: one greedy token of "ready?". */
    public static ReadinessProbe forPreset(EnginePreset preset, String model) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (model != null) {
            body.put("model", model);
        }
        body.put("prompt", "ready?");
        body.put("max_tokens", 1);
        body.put("temperature", 0);
        EnginePreset.Defaults d = preset.defaults();
        return new ReadinessProbe(d.healthPath(), d.openAiPath(), toJson(body), null, null);
    }

    /** The spec's health and OpenAI paths (the preset's unless the spec sets them) with the fallback probe body. */
    public static ReadinessProbe forSpec(LaunchSpec spec) {
        ReadinessProbe preset = forPreset(spec.engine(), spec.model());
        return new ReadinessProbe(spec.resolvedHealthPath(), spec.resolvedOpenAiPath(), preset.probeBody(), null, null);
    }

    /** Probe with the first request shape of the workload, on the measured path. */
    public ReadinessProbe withBody(Map<String, ?> payload) {
        return new ReadinessProbe(healthPath, probePath, payload == null ? null : toJson(payload), pollInterval,
                requestTimeout);
    }

    public ReadinessProbe withHealthPath(String path) {
        return new ReadinessProbe(path, probePath, probeBody, pollInterval, requestTimeout);
    }

    public ReadinessProbe withTiming(Duration poll, Duration perRequest) {
        return new ReadinessProbe(healthPath, probePath, probeBody, poll, perRequest);
    }

    private static String toJson(Map<String, ?> body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("probe body is not JSON-serialisable: " + e.getMessage(), e);
        }
    }
}

package io.joulebench.core.session;

import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.traffic.OpenAiEndpoint;
import java.net.URI;
import java.time.Duration;

/**
 * Where and how patiently the session's transport talks to the server. The endpoint is the study's
 * {@code task.api}; a custom engine's {@code openai_path} may mount that route under a prefix
 * ({@code /gateway/v1/chat/completions}), which becomes part of the transport's base URL. The read timeout between
 * chunks is {@code server.traffic.read_timeout_seconds} (60 s by default, also for offline cells).
 */
final class MeasuredPath {

    static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);

    private MeasuredPath() {
    }

    /** The server's base URL plus whatever the spec's OpenAI path puts before the endpoint's own route. */
    static URI base(URI baseUrl, LaunchSpec spec, OpenAiEndpoint endpoint) {
        String path = spec.resolvedOpenAiPath();
        if (!path.endsWith(endpoint.path())) {
            throw new IllegalArgumentException("the OpenAI path " + path + " is not a " + endpoint.path() + " route");
        }
        String prefix = path.substring(0, path.length() - endpoint.path().length());
        if (prefix.isEmpty()) {
            return baseUrl;
        }
        String base = baseUrl.toString();
        return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + prefix);
    }

    static Duration readTimeout(ExperimentConfig experiment) {
        if (experiment.server() == null) {
            return DEFAULT_READ_TIMEOUT;
        }
        return Duration.ofNanos(Math.round(experiment.server().traffic().readTimeoutSeconds() * 1e9));
    }
}

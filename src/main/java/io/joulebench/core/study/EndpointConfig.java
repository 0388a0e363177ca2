package io.joulebench.core.study;

import java.net.URI;
import java.util.Objects;

/**
 * Where the endpoint runner attaches ({@code runners.<engine>: endpoint}): the running server's base URL
 * ({@code <engine>.url}) and, optionally, the name of the environment variable holding its API key
 * ({@code <engine>.api_key_env}). The key itself is read at attach time and never stored here or in any file.
 *
 * @param url       the base URL, http or https, without credentials (CrossFieldRules refuses user info)
 * @param apiKeyEnv the variable's name; null when the server needs no key
 */
public record EndpointConfig(URI url, String apiKeyEnv) {

    public static final String URL_KEY = "url";
    public static final String API_KEY_ENV_KEY = "api_key_env";

    public EndpointConfig {
        Objects.requireNonNull(url, "url");
    }
}

package io.joulebench.core.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * The endpoint runner (issue 33): attaches to a server that is already deployed, and never launches, restarts or
 * stops it. {@link #launch} only checks that something answers at the URL (so an unreachable one fails at once with
 * a sentence, not at the readiness deadline) and reads the API key from the environment variable the study names;
 * readiness is the same health poll and real inference as for a launched server; {@link #shutdown} leaves the server
 * running and only forgets the key.
 */
public final class EndpointServerLauncher implements ServerLauncher {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final URI url;
    private final String apiKeyEnv;
    private final Function<String, String> environment;

    /**
     * @param url         the server's base URL ({@code <engine>.url})
     * @param apiKeyEnv   the variable holding its API key ({@code <engine>.api_key_env}); null: no key
     * @param environment reads a variable ({@code System::getenv})
     */
    public EndpointServerLauncher(URI url, String apiKeyEnv, Function<String, String> environment) {
        this.url = EndpointUrl.base(url);
        this.apiKeyEnv = apiKeyEnv;
        this.environment = environment;
    }

    @Override
    public ServerHandle launch(LaunchSpec spec) throws ServerLaunchException {
        String engine = spec.engine().id();
        Map<String, String> headers = Map.of();
        if (apiKeyEnv != null) {
            String key = environment.apply(apiKeyEnv);
            if (key == null || key.isBlank()) {
                throw new ServerLaunchException("the API key variable " + apiKeyEnv + " (" + engine
                        + ".api_key_env) is not set in this environment; export it before the run", "");
            }
            headers = Map.of("Authorization", "Bearer " + key.strip());
        }
        AttachedServer server = new AttachedServer(url, headers);
        String health = server.baseUrl() + spec.resolvedHealthPath();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(health)).timeout(CONNECT_TIMEOUT).GET();
        headers.forEach(request::header);
        try {
            http.send(request.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException | IllegalArgumentException e) {
            throw new ServerLaunchException("no server answers at " + server.describe().substring("attached ".length())
                    + " (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + "); runners." + engine + " is endpoint, which attaches to a server that is already running:"
                    + " start it, or correct " + engine + ".url", "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerLaunchException("interrupted while reaching " + server.describe(), "", e);
        }
        return server;
    }

    /** Leaves the server running: Joulebench did not start it. Forgets the key; idempotent, never throws. */
    @Override
    public void shutdown(ServerHandle handle, Duration grace) {
        if (handle instanceof AttachedServer attached) {
            attached.release();
        }
    }
}

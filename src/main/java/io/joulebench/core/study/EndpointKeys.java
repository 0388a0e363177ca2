package io.joulebench.core.study;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The API-key variables an endpoint study names that this environment lacks (issue 33), so a local run stops before
 * anything is sent (exit 2) instead of failing every session at attach time. Only the names are read here; a key's
 * value is read where it is sent ({@code EndpointServerLauncher}).
 */
public final class EndpointKeys {

    private EndpointKeys() {
    }

    /** One sentence per unset variable, naming the key that names it; empty when every variable is set. */
    public static List<String> unset(Study study, Function<String, String> environment) {
        Set<String> out = new LinkedHashSet<>();
        for (GridCell cell : study.cells()) {
            ExperimentConfig e = cell.experiment();
            if (e.endpoint() == null || e.endpoint().apiKeyEnv() == null) {
                continue;
            }
            String name = e.endpoint().apiKeyEnv();
            String value = environment.apply(name);
            if (value == null || value.isBlank()) {
                out.add(e.engine() + "." + EndpointConfig.API_KEY_ENV_KEY + ": names " + name
                        + ", which is not set in this environment; export it (the server's API key) before the run");
            }
        }
        return List.copyOf(out);
    }
}

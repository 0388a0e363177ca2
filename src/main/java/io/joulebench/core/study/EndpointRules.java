package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.server.Runner;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Rules of the endpoint runner (issue 33): {@code <engine>.url} is required with it and refused without it, holds a
 * host and no credentials (the URL is written to results; a key goes in {@code <engine>.api_key_env}), and a sweep
 * over launch settings is refused, since an attached server cannot be relaunched with other ones.
 */
final class EndpointRules {

    private final CellSource source;
    private final List<StudyError> errors;
    private final Set<String> sweptPaths;

    EndpointRules(CellSource source, List<StudyError> errors, Set<String> sweptPaths) {
        this.source = source;
        this.errors = errors;
        this.sweptPaths = sweptPaths;
    }

    /** {@code raw} is the cell as written, {@code engine} its engine, {@code runner} that engine's runner. */
    void check(JsonNode raw, String engine, String runner) {
        if (engine.isEmpty()) {
            return;
        }
        JsonNode block = raw.path(engine);
        String urlKey = engine + "." + EndpointConfig.URL_KEY;
        String keyEnvKey = engine + "." + EndpointConfig.API_KEY_ENV_KEY;
        if (!Runner.ENDPOINT.is(runner)) {
            for (String key : List.of(EndpointConfig.URL_KEY, EndpointConfig.API_KEY_ENV_KEY)) {
                if (given(block, key)) {
                    fail(engine + "." + key, "applies only with runners." + engine + ": endpoint (the runner here is "
                            + runner + ", which launches its own server)");
                }
            }
            return;
        }
        JsonNode url = block.path(EndpointConfig.URL_KEY);
        if (!given(block, EndpointConfig.URL_KEY)) {
            fail(urlKey, "is required with runners." + engine + ": endpoint: the base URL of the running server,"
                    + " e.g. http://10.0.0.5:8000");
        } else if (url.isTextual()) {
            checkUrl(urlKey, keyEnvKey, url.textValue());
        }
        Set<String> launchSettings = new TreeSet<>();
        for (String p : sweptPaths) {
            if (isLaunchSetting(p, engine)) {
                launchSettings.add(p);
            }
        }
        if (!launchSettings.isEmpty()) {
            fail("runners." + engine, refusal("a sweep over " + String.join(", ", launchSettings)));
        }
    }

    /** The sentence that refuses launch settings which differ between the cells of one endpoint. */
    private static String refusal(String what) {
        return "is endpoint: an endpoint server cannot honour " + what + ": it is attached, not launched, so it keeps"
                + " the settings it was deployed with; remove them, or measure them with a launching runner (process"
                + " or container)";
    }

    /**
     * Launch settings that differ between cells attached to one URL, however the study made them differ (an
     * {@code experiments:} list as well as a sweep): one error per URL, at the first cell that differs, naming the
     * keys. {@code resolved} and {@code drafts} are parallel.
     */
    static void checkAcrossCells(List<CellResolver.Resolved> resolved, List<StudyExpander.Draft> drafts,
                                 List<StudyError> errors) {
        Map<String, Map<String, String>> firstByUrl = new HashMap<>();
        Set<String> reported = new HashSet<>();
        for (int i = 0; i < resolved.size(); i++) {
            JsonNode exp = resolved.get(i).experiment();
            String engine = exp.path("engine").asText("");
            if (engine.isEmpty() || !Runner.ENDPOINT.is(exp.path("runners").path(engine).asText(""))) {
                continue;
            }
            String url = engine + " " + exp.path(engine).path(EndpointConfig.URL_KEY).asText("");
            Map<String, String> launch = launchSettings(exp, engine);
            Map<String, String> first = firstByUrl.putIfAbsent(url, launch);
            if (first == null || reported.contains(url)) {
                continue;
            }
            Set<String> differing = new TreeSet<>();
            Set<String> keys = new HashSet<>(first.keySet());
            keys.addAll(launch.keySet());
            for (String k : keys) {
                if (!java.util.Objects.equals(first.get(k), launch.get(k))) {
                    differing.add(k);
                }
            }
            if (!differing.isEmpty()) {
                reported.add(url);
                errors.add(drafts.get(i).source().error("runners." + engine,
                        refusal("cells with different " + String.join(", ", differing)), null));
            }
        }
    }

    /** The launch settings of a resolved experiment tree, as leaf path → canonical value. */
    private static Map<String, String> launchSettings(JsonNode exp, String engine) {
        Map<String, String> out = new HashMap<>();
        exp.path(engine).fields().forEachRemaining(f -> {
            if (!f.getKey().equals(EndpointConfig.URL_KEY) && !f.getKey().equals(EndpointConfig.API_KEY_ENV_KEY)) {
                leaves(engine + "." + f.getKey(), f.getValue(), out);
            }
        });
        leaves("task.model", exp.path("task").path("model"), out);
        leaves("passthrough_kwargs", exp.path("passthrough_kwargs"), out);
        return out;
    }

    private static void leaves(String path, JsonNode node, Map<String, String> out) {
        if (node.isObject() && !node.isEmpty()) {
            node.fields().forEachRemaining(f -> leaves(path + "." + f.getKey(), f.getValue(), out));
        } else if (!node.isMissingNode() && !node.isNull()) {
            out.put(path, CanonicalJson.of(node));
        }
    }

    /** Whether a swept path changes how the server is launched: its engine block (not url, api_key_env), model, flags. */
    static boolean isLaunchSetting(String path, String engine) {
        if (KeyPaths.isWithin(path, engine)) {
            return !KeyPaths.isWithin(path, engine + "." + EndpointConfig.URL_KEY)
                    && !KeyPaths.isWithin(path, engine + "." + EndpointConfig.API_KEY_ENV_KEY);
        }
        return path.equals("task.model") || KeyPaths.isWithin(path, "passthrough_kwargs")
                || KeyPaths.isWithin(path, "study_execution.gpu_indices");
    }

    private void checkUrl(String urlKey, String keyEnvKey, String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            fail(urlKey, "is not a URL (" + e.getReason() + " at index " + e.getIndex() + "): '" + text + "'");
            return;
        }
        if (uri.getHost() == null) {
            fail(urlKey, "has no host name: '" + text + "' (e.g. http://10.0.0.5:8000)");
        } else if (uri.getRawUserInfo() != null) {
            fail(urlKey, "holds credentials, and the URL is written to the results: remove them and name the"
                    + " environment variable that holds the API key in " + keyEnvKey);
        }
    }

    private static boolean given(JsonNode block, String key) {
        return block.isObject() && block.has(key) && !block.get(key).isNull();
    }

    private void fail(String path, String rule) {
        errors.add(source.error(path, rule, null));
    }
}

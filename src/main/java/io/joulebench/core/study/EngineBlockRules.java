package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.Runner;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rules for the chosen engine's block. Every template ({@code command}, {@code extra_args} and, for {@code custom},
 * {@code entrypoint} and {@code serve_args}) may use {@code {model}}, {@code {port}}, {@code {gpus}}; a near miss
 * such as {@code {prot}} is an error, since it would reach the server literally. The custom engine has no preset to
 * fall back on: its runner needs an image (container) or a command (process), the server must be told its port (the
 * launcher picks a free one), and an explicit {@code openai_path} must be a route of the API {@code task.api} names.
 */
final class EngineBlockRules {

    static final List<String> PLACEHOLDERS = List.of("model", "port", "gpus");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_]+)}");
    private static final List<String> TEMPLATE_KEYS = List.of("command", "extra_args", "entrypoint", "serve_args");

    private final CellSource source;
    private final List<StudyError> errors;

    EngineBlockRules(CellSource source, List<StudyError> errors) {
        this.source = source;
        this.errors = errors;
    }

    /** {@code raw} is the cell as written, {@code resolved} the bound cell; {@code runner} the engine's runner. */
    void check(JsonNode raw, JsonNode resolved, String engine, String runner) {
        if (engine.isEmpty() || engine.equals(EnginePreset.REFERENCE.id())) {
            return;
        }
        JsonNode block = resolved.path(engine);
        for (String key : TEMPLATE_KEYS) {
            JsonNode list = block.path(key);
            for (int i = 0; i < list.size(); i++) {
                checkPlaceholders(KeyPaths.index(engine + "." + key, i), list.get(i).asText(""));
            }
        }
        if (engine.equals(EnginePreset.CUSTOM.id())) {
            checkCustom(raw.path("custom"), block, runner, resolved.path("task").path("api").asText("completions"));
        }
    }

    private void checkCustom(JsonNode given, JsonNode block, String runner, String api) {
        Runner kind = Runner.of(runner).orElse(null);
        if (kind == Runner.PROCESS) {
            if (!nonNull(given.path("command"))) {
                fail("custom.command", "is required when the custom engine runs as a process: the command template,"
                        + " e.g. [my-server, --model, \"{model}\", --port, \"{port}\"]");
            } else if (!mentionsPort(block, "command", "extra_args")) {
                fail("custom.command", "must pass the server its port: the launcher picks a free one, so put \"{port}\""
                        + " in custom.command or custom.extra_args, e.g. [--port, \"{port}\"]");
            }
        } else if (kind == Runner.CONTAINER) {
            if (Runner.image(runner).isEmpty() && !nonNull(given.path("image"))) {
                fail("custom.image", "is required when the custom engine runs in a container "
                        + "(or use runners: {custom: container:<image>})");
            } else if (!mentionsPort(block, "entrypoint", "serve_args", "extra_args")) {
                fail("custom.serve_args", "must pass the server its port: the launcher picks a free one, so put"
                        + " \"{port}\" in custom.serve_args (or entrypoint, extra_args), e.g. [--port, \"{port}\"]");
            }
        }
        JsonNode path = block.path("openai_path");
        if (path.isTextual()) {
            String route = api.equals("chat") ? "/v1/chat/completions" : "/v1/completions";
            if (!path.textValue().endsWith(route)) {
                fail("custom.openai_path", "must end with " + route + ", the route of task.api: " + api + " (got '"
                        + path.textValue() + "')" + (api.equals("chat") ? "" : path.textValue().endsWith(
                        "/chat/completions") ? "; for a chat server set task.api: chat" : ""));
            }
        }
    }

    private void checkPlaceholders(String path, String token) {
        Matcher m = PLACEHOLDER.matcher(token);
        while (m.find()) {
            String name = m.group(1);
            if (!PLACEHOLDERS.contains(name)) {
                String near = KeySuggester.suggest(name, PLACEHOLDERS);
                if (near != null) {
                    errors.add(source.error(path, "unknown placeholder {" + name + "}; templates know {model},"
                            + " {port} and {gpus}", "{" + near + "}"));
                }
            }
        }
    }

    private static boolean mentionsPort(JsonNode block, String... keys) {
        List<String> tokens = new ArrayList<>();
        for (String key : keys) {
            block.path(key).forEach(t -> tokens.add(t.asText("")));
        }
        return tokens.stream().anyMatch(t -> t.contains("{port}"));
    }

    private static boolean nonNull(JsonNode n) {
        return n != null && !n.isNull() && !n.isMissingNode();
    }

    private void fail(String path, String rule) {
        errors.add(source.error(path, rule, null));
    }
}

package io.joulebench.core.server;

import java.util.List;
import java.util.Locale;

/**
 * Defaults per inference engine: container image, container entrypoint and serve arguments, the bare-metal command,
 * the health path and the default OpenAI path the readiness probe (and the measurement) uses; a study's
 * {@code task.api: chat} measures {@code /v1/chat/completions} instead, and the custom engine takes every one of these
 * from the study. Templates may contain {@code {model}}, {@code {port}}, {@code {gpus}}; a spec's extra serve arguments
 * are appended, rendered the same way. See docs/engines.md.
 */
public enum EnginePreset {

    VLLM("vllm", "vllm/vllm-openai:v0.11.0", null,
            List.of("--model", "{model}", "--host", "127.0.0.1", "--port", "{port}"),
            List.of("vllm", "serve", "{model}", "--host", "127.0.0.1", "--port", "{port}"),
            "/health", "/v1/completions", null),
    SGLANG("sglang", "lmsysorg/sglang:latest", List.of("python3", "-m", "sglang.launch_server"),
            List.of("--model-path", "{model}", "--host", "127.0.0.1", "--port", "{port}"),
            List.of("python3", "-m", "sglang.launch_server", "--model-path", "{model}", "--host", "127.0.0.1",
                    "--port", "{port}"),
            "/health", "/v1/completions", null),
    TGI("tgi", "ghcr.io/huggingface/text-generation-inference:3.3.4", null,
            List.of("--model-id", "{model}", "--hostname", "127.0.0.1", "--port", "{port}"),
            List.of("text-generation-launcher", "--model-id", "{model}", "--hostname", "127.0.0.1", "--port", "{port}"),
            "/health", "/v1/completions", null),
    LLAMACPP("llamacpp", "joulebench/llama-server:local", null,
            List.of("-m", "{model}", "--host", "127.0.0.1", "--port", "{port}", "-c", "2048", "-np", "1", "--metrics"),
            List.of("llama-server", "-m", "{model}", "--host", "127.0.0.1", "--port", "{port}", "-c", "2048",
                    "-np", "1", "--metrics"),
            "/health", "/v1/completions", "/models/tiny.gguf"),
    TRTLLM("trtllm", "nvcr.io/nvidia/tensorrt-llm/release:1.0.0", List.of("trtllm-serve"),
            List.of("{model}", "--host", "127.0.0.1", "--port", "{port}"),
            List.of("trtllm-serve", "{model}", "--host", "127.0.0.1", "--port", "{port}"),
            "/health", "/v1/completions", null),
    /** The built-in reference engine; in-process by default, or {@code joulebench engine} as a child process. */
    REFERENCE("reference", null, null, List.of(),
            List.of("joulebench", "engine", "--host", "127.0.0.1", "--port", "{port}"),
            "/health", "/v1/completions", "reference"),
    /** Everything comes from the spec: image and argument template and/or command template, paths. */
    CUSTOM("custom", null, null, List.of(), List.of(), "/health", "/v1/completions", null);

    /**
     * What an engine brings to a launch unless the spec says otherwise: the image ({@code null} when it has none), the
     * container entrypoint ({@code null} keeps the image's own), the container arguments, the bare-metal command, the
     * health and OpenAI paths, and the model ({@code null} when the study must name it).
     */
    public record Defaults(String image, List<String> containerEntrypoint, List<String> containerArgs,
                           List<String> processCommand, String healthPath, String openAiPath, String model) {
    }

    private final String id;
    private final Defaults defaults;

    EnginePreset(String id, String defaultImage, List<String> containerEntrypoint, List<String> containerArgs,
                 List<String> processCommand, String healthPath, String openAiPath, String defaultModel) {
        this.id = id;
        this.defaults = new Defaults(defaultImage, containerEntrypoint, containerArgs, processCommand, healthPath,
                openAiPath, defaultModel);
    }

    /** The name used in study files and on the command line ({@code vllm}, {@code llamacpp}, ...). */
    public String id() {
        return id;
    }

    public Defaults defaults() {
        return defaults;
    }

    /** The runner a study gets when it names none: in-process for the reference engine, else a container. */
    public Runner defaultRunner() {
        return this == REFERENCE ? Runner.IN_PROCESS : Runner.CONTAINER;
    }

    /** Every engine's id in the order the schema and the editor list them: the reference engine first. */
    public static List<String> ids() {
        List<String> ids = new java.util.ArrayList<>();
        ids.add(REFERENCE.id);
        for (EnginePreset p : values()) {
            if (p != REFERENCE) {
                ids.add(p.id);
            }
        }
        return List.copyOf(ids);
    }

    public static EnginePreset fromId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT).replace("-", "").replace(".", "").replace("_", "");
        for (EnginePreset p : values()) {
            if (p.id.equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown engine '" + id + "'; known: "
                + String.join(", ", java.util.Arrays.stream(values()).map(EnginePreset::id).toList()));
    }
}

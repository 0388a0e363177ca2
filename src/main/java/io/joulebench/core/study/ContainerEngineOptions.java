package io.joulebench.core.study;

import java.util.List;
import java.util.Map;

/**
 * The block of a served engine ({@code vllm:}, {@code sglang:}, …, {@code custom:}): image (null: the preset's), a
 * command template for the process runner, extra serve arguments (templates too), environment, shared memory size and
 * a model cache folder. Only {@code custom:} sets the rest, which a preset otherwise supplies: the container
 * entrypoint (null: the image's), the container argument template, the health path and the OpenAI path (null: the
 * standard path of {@code task.api}).
 */
public record ContainerEngineOptions(String image, List<String> command, List<String> extraArgs,
                                     Map<String, String> env, String shmSize, String modelCache,
                                     List<String> entrypoint, List<String> serveArgs, String healthPath,
                                     String openAiPath) {

    public ContainerEngineOptions {
        command = command == null ? null : List.copyOf(command);
        extraArgs = List.copyOf(extraArgs);
        env = Map.copyOf(env);
        entrypoint = entrypoint == null ? null : List.copyOf(entrypoint);
        serveArgs = serveArgs == null ? null : List.copyOf(serveArgs);
    }

    /** A preset's block: the preset supplies entrypoint, argument template and paths. */
    public ContainerEngineOptions(String image, List<String> command, List<String> extraArgs,
                                  Map<String, String> env, String shmSize, String modelCache) {
        this(image, command, extraArgs, env, shmSize, modelCache, null, null, null, null);
    }
}

package io.joulebench.core.study;

import java.util.List;
import java.util.Map;

/**
 * The block of a served engine ({@code vllm:}, {@code sglang:}, …): image (null: the launcher's preset), a command for
 * the process runner, extra serve arguments, environment, shared memory size and a model cache folder.
 */
public record ContainerEngineOptions(String image, List<String> command, List<String> extraArgs,
                                     Map<String, String> env, String shmSize, String modelCache) {

    public ContainerEngineOptions {
        command = command == null ? null : List.copyOf(command);
        extraArgs = List.copyOf(extraArgs);
        env = Map.copyOf(env);
    }
}

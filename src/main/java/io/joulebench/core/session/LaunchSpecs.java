package io.joulebench.core.session;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.GpuRequest;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.server.Runner;
import io.joulebench.core.study.ContainerEngineOptions;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.Study;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Maps an experiment's engine, runner and engine block onto what a launcher starts: the model served (for the
 * reference engine without {@code task.model}, the name it serves), the measured OpenAI path ({@code task.api}, or the
 * custom engine's {@code openai_path}), and for a container a default shared memory of {@value #DEFAULT_SHM} (as
 * upstream; Docker's own 64 MB starves vLLM's and SGLang's worker processes).
 */
final class LaunchSpecs {

    static final String DEFAULT_SHM = "8g";

    /** Engines that serve on GPUs: a container gets every GPU unless the study names some. */
    private static final Set<EnginePreset> GPU_ENGINES = Set.of(EnginePreset.VLLM, EnginePreset.SGLANG,
            EnginePreset.TGI, EnginePreset.TRTLLM);

    private LaunchSpecs() {
    }

    /** @param home the user's home folder, for {@code ~} in {@code model_cache} */
    static LaunchSpec of(Study study, ExperimentConfig e, String sessionId, List<String> engineCommand, Path home) {
        EnginePreset preset = EnginePreset.fromId(e.engine());
        LaunchSpec.Builder b = LaunchSpec.builder(preset).model(e.servedModel()).studyId(study.designHash())
                .sessionId(sessionId).openAiPath(e.task().api().path());
        List<Integer> gpus = study.execution().gpuIndices();
        boolean container = Runner.CONTAINER.is(e.runner());
        Optional<String> runnerImage = Runner.image(e.runner());
        if (gpus != null) {
            b.gpus(GpuRequest.of(gpus));
        } else if (container && GPU_ENGINES.contains(preset)) {
            b.gpus(GpuRequest.ALL);
        }
        runnerImage.ifPresent(b::image);
        if (container) {
            b.shmSizeBytes(bytes(DEFAULT_SHM));
        }
        if (preset == EnginePreset.REFERENCE) {
            b.extraServeArgs(ReferenceArgs.of(e.reference(), e.task().randomSeed()));
            if (Runner.PROCESS.is(e.runner())) {
                List<String> command = new ArrayList<>(engineCommand);
                List<String> presetCommand = preset.defaults().processCommand();
                command.addAll(presetCommand.subList(1, presetCommand.size()));
                b.command(command);
            }
            return b.build();
        }
        ContainerEngineOptions o = e.engineOptions();
        if (o != null) {
            if (o.image() != null && runnerImage.isEmpty()) {
                b.image(o.image());
            }
            b.command(o.command()).extraServeArgs(o.extraArgs()).env(o.env());
            if (o.shmSize() != null) {
                b.shmSizeBytes(bytes(o.shmSize()));
            }
            if (preset == EnginePreset.CUSTOM) {
                b.entrypoint(o.entrypoint()).serveArgs(o.serveArgs()).healthPath(o.healthPath());
                if (o.openAiPath() != null) {
                    b.openAiPath(o.openAiPath());
                }
            }
            if (o.modelCache() != null) {
                Path dir = Path.of(o.modelCache().replaceFirst("^~", java.util.regex.Matcher.quoteReplacement(home.toString())));
                b.modelCacheDir(dir);
            }
        }
        return b.hfTokenFromEnvironment().build();
    }

    /** {@code 8g}, {@code 512m}, {@code 1.5GB}, {@code 1024} → bytes. */
    static long bytes(String size) {
        String s = size.trim().toLowerCase(Locale.ROOT);
        if (s.endsWith("b")) {
            s = s.substring(0, s.length() - 1);
        }
        long unit = 1;
        char last = s.isEmpty() ? '0' : s.charAt(s.length() - 1);
        switch (last) {
            case 'k' -> unit = 1L << 10;
            case 'm' -> unit = 1L << 20;
            case 'g' -> unit = 1L << 30;
            default -> { }
        }
        if (unit > 1) {
            s = s.substring(0, s.length() - 1);
        }
        return Math.round(Double.parseDouble(s) * unit);
    }
}

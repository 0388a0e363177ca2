package io.joulebench.core.session;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.GpuRequest;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.study.ContainerEngineOptions;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.Study;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Maps an experiment's engine, runner and engine block onto what a launcher starts. */
final class LaunchSpecs {

    /** Engines that serve on GPUs: a container gets every GPU unless the study names some. */
    private static final Set<EnginePreset> GPU_ENGINES = Set.of(EnginePreset.VLLM, EnginePreset.SGLANG,
            EnginePreset.TGI, EnginePreset.TRTLLM);

    private LaunchSpecs() {
    }

    static LaunchSpec of(Study study, ExperimentConfig e, String sessionId, List<String> engineCommand) {
        EnginePreset preset = EnginePreset.fromId(e.engine());
        LaunchSpec.Builder b = LaunchSpec.builder(preset).model(e.task().model()).studyId(study.designHash())
                .sessionId(sessionId);
        List<Integer> gpus = study.execution().gpuIndices();
        boolean container = e.runner().startsWith("container");
        if (gpus != null) {
            b.gpus(GpuRequest.of(gpus));
        } else if (container && GPU_ENGINES.contains(preset)) {
            b.gpus(GpuRequest.ALL);
        }
        if (e.runner().startsWith("container:")) {
            b.image(e.runner().substring("container:".length()));
        }
        if (preset == EnginePreset.REFERENCE) {
            b.extraServeArgs(ReferenceArgs.of(e.reference(), e.task().randomSeed()));
            if (e.runner().equals("process")) {
                List<String> command = new ArrayList<>(engineCommand);
                command.addAll(preset.processCommand().subList(1, preset.processCommand().size()));
                b.command(command);
            }
            return b.build();
        }
        ContainerEngineOptions o = e.engineOptions();
        if (o != null) {
            if (o.image() != null && !e.runner().startsWith("container:")) {
                b.image(o.image());
            }
            b.command(o.command()).extraServeArgs(o.extraArgs()).env(o.env());
            if (o.shmSize() != null) {
                b.shmSizeBytes(bytes(o.shmSize()));
            }
            if (o.modelCache() != null) {
                Path dir = Path.of(o.modelCache().replaceFirst("^~", System.getProperty("user.home")));
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

package io.joulebench.core.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The GPUs a batch scheduler gave this job, from its environment: {@code SLURM_JOB_GPUS} (the node's device indices
 * Slurm allocated), else {@code GPU_DEVICE_ORDINAL}, else {@code CUDA_VISIBLE_DEVICES} (when it lists indices, not
 * UUIDs). Energy is then measured on exactly these devices, never the whole node. Empty when none is set (not a
 * scheduled job, or a job without GPUs): the study's own {@code gpu_indices} apply.
 *
 * @param devices the device indices, in the order the scheduler listed them
 * @param source  the variable they came from
 */
public record GpuAllocation(List<Integer> devices, String source) {

    public static final List<String> VARIABLES = List.of("SLURM_JOB_GPUS", "GPU_DEVICE_ORDINAL",
            "CUDA_VISIBLE_DEVICES");

    public GpuAllocation {
        devices = List.copyOf(devices);
    }

    public static Optional<GpuAllocation> fromEnvironment(Map<String, String> env) {
        for (String name : VARIABLES) {
            String value = env.get(name);
            if (value == null || value.isBlank()) {
                continue;
            }
            Optional<List<Integer>> ids = indices(value);
            if (ids.isPresent()) {
                return Optional.of(new GpuAllocation(ids.get(), name));
            }
        }
        return Optional.empty();
    }

    /** {@code "1,3"} → [1, 3], ranges {@code "0-2"} too; empty when an entry is not an index (a UUID). */
    static Optional<List<Integer>> indices(String value) {
        List<Integer> out = new ArrayList<>();
        for (String part : value.strip().split(",")) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-');
                if (dash > 0) {
                    int from = Integer.parseInt(p.substring(0, dash));
                    int to = Integer.parseInt(p.substring(dash + 1));
                    for (int i = from; i <= to; i++) {
                        out.add(i);
                    }
                } else {
                    out.add(Integer.parseInt(p));
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return out.isEmpty() || out.stream().anyMatch(i -> i < 0) ? Optional.empty() : Optional.of(out);
    }
}

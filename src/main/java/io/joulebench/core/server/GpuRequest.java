package io.joulebench.core.server;

import java.util.List;
import java.util.stream.Collectors;

/** Which GPUs a server gets: none (CPU engines), all, or a list of device indices. */
public record GpuRequest(boolean all, List<Integer> indices) {

    public static final GpuRequest NONE = new GpuRequest(false, List.of());
    public static final GpuRequest ALL = new GpuRequest(true, List.of());

    public GpuRequest {
        indices = List.copyOf(indices);
        if (all && !indices.isEmpty()) {
            throw new IllegalArgumentException("a GPU request is either all GPUs or a list of indices, not both");
        }
        if (indices.stream().anyMatch(i -> i < 0)) {
            throw new IllegalArgumentException("GPU indices must be >= 0: " + indices);
        }
    }

    public static GpuRequest of(List<Integer> indices) {
        return indices.isEmpty() ? NONE : new GpuRequest(false, indices);
    }

    public boolean isNone() {
        return !all && indices.isEmpty();
    }

    /** The {@code {gpus}} placeholder: "all", "0,1" or "". Also the CUDA_VISIBLE_DEVICES value for indices. */
    public String render() {
        return all ? "all" : indices.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}

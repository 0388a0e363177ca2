package io.joulebench.core.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GpuAllocationTest {

    @Test
    void slurm_job_gpus_wins_over_the_other_variables() {
        assertThat(GpuAllocation.fromEnvironment(Map.of("SLURM_JOB_GPUS", "1,3", "CUDA_VISIBLE_DEVICES", "0,1",
                "GPU_DEVICE_ORDINAL", "0,1"))).contains(new GpuAllocation(List.of(1, 3), "SLURM_JOB_GPUS"));
    }

    @Test
    void gpu_device_ordinal_then_cuda_visible_devices_are_the_fallbacks() {
        assertThat(GpuAllocation.fromEnvironment(Map.of("GPU_DEVICE_ORDINAL", "2", "CUDA_VISIBLE_DEVICES", "0")))
                .contains(new GpuAllocation(List.of(2), "GPU_DEVICE_ORDINAL"));
        assertThat(GpuAllocation.fromEnvironment(Map.of("CUDA_VISIBLE_DEVICES", "0-2")))
                .contains(new GpuAllocation(List.of(0, 1, 2), "CUDA_VISIBLE_DEVICES"));
    }

    @Test
    void uuids_or_nothing_allocated_leave_the_studys_own_selection() {
        assertThat(GpuAllocation.fromEnvironment(Map.of("CUDA_VISIBLE_DEVICES", "GPU-8d2c1f0e-aaaa"))).isEmpty();
        assertThat(GpuAllocation.fromEnvironment(Map.of("SLURM_JOB_GPUS", " "))).isEmpty();
        assertThat(GpuAllocation.fromEnvironment(Map.of())).isEmpty();
    }
}

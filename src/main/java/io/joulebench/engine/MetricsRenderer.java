package io.joulebench.engine;

import java.util.List;
import java.util.Locale;

/**
 * The Prometheus text of {@code /metrics}: DCGM-exporter names and labels per simulated GPU, vLLM engine metrics,
 * and the simulator's ground truth. The DCGM energy meter parses exactly these names and labels.
 */
final class MetricsRenderer {

    static final String GPU_MODEL_NAME = "Joulebench Simulated GPU";
    static final String HOSTNAME = "joulebench-engine";

    private MetricsRenderer() {
    }

    static String render(List<GpuReading> gpus, String servedModel, int running, int waiting, long promptTokens,
                         long cachedPromptTokens, long generationTokens) {
        StringBuilder b = new StringBuilder(2048 + 600 * gpus.size());
        header(b, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter",
                "Total energy consumption since boot (in mJ), SIMULATED.");
        for (GpuReading g : gpus) {
            sample(b, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", g).append(g.counterMj()).append('\n');
        }
        header(b, "DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W), SIMULATED.");
        for (GpuReading g : gpus) {
            sample(b, "DCGM_FI_DEV_POWER_USAGE", g).append(number(g.powerW())).append('\n');
        }
        header(b, "DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C), SIMULATED.");
        for (GpuReading g : gpus) {
            sample(b, "DCGM_FI_DEV_GPU_TEMP", g).append(number(g.temperatureC())).append('\n');
        }
        header(b, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "gauge",
                "Throttling reasons bitmask (0x20 thermal slowdown), SIMULATED.");
        for (GpuReading g : gpus) {
            sample(b, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", g).append(g.throttleReasons()).append('\n');
        }
        String model = "{model_name=" + Json.quote(servedModel) + "} ";
        header(b, "vllm:num_requests_running", "gauge", "Number of requests in the running batch.");
        b.append("vllm:num_requests_running").append(model).append(running).append('\n');
        header(b, "vllm:num_requests_waiting", "gauge", "Number of requests waiting in the queue.");
        b.append("vllm:num_requests_waiting").append(model).append(waiting).append('\n');
        header(b, "vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.");
        b.append("vllm:prompt_tokens_total").append(model).append(promptTokens).append('\n');
        header(b, "vllm:prefix_cache_queries_total", "counter", "Prompt tokens looked up in the prefix cache.");
        b.append("vllm:prefix_cache_queries_total").append(model).append(promptTokens).append('\n');
        header(b, "vllm:prefix_cache_hits_total", "counter", "Prompt tokens served from the prefix cache, SIMULATED.");
        b.append("vllm:prefix_cache_hits_total").append(model).append(cachedPromptTokens).append('\n');
        header(b, "vllm:generation_tokens_total", "counter", "Number of generation tokens processed.");
        b.append("vllm:generation_tokens_total").append(model).append(generationTokens).append('\n');
        header(b, "joulebench_sim_true_energy_joules_total", "counter",
                "Ground truth of the simulation: exact integral of power since start (J), evaluated at scrape time.");
        for (GpuReading g : gpus) {
            b.append("joulebench_sim_true_energy_joules_total{gpu=\"").append(g.index()).append("\"} ")
                    .append(exact(g.exactEnergyJ())).append('\n');
        }
        return b.toString();
    }

    private static void header(StringBuilder b, String name, String type, String help) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static StringBuilder sample(StringBuilder b, String name, GpuReading g) {
        return b.append(name).append("{gpu=\"").append(g.index()).append("\",UUID=\"").append(g.uuid())
                .append("\",modelName=\"").append(GPU_MODEL_NAME).append("\",Hostname=\"").append(HOSTNAME)
                .append("\"} ");
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Shortest round-trip form, so the ground truth loses nothing in the text. */
    private static String exact(double v) {
        return Double.toString(v);
    }
}

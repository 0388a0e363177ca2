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
        perGpu(b, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter",
                "Total energy consumption since boot (in mJ), SIMULATED.", gpus, g -> String.valueOf(g.counterMj()));
        perGpu(b, "DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W), SIMULATED.", gpus,
                g -> number(g.powerW()));
        perGpu(b, "DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C), SIMULATED.", gpus,
                g -> number(g.temperatureC()));
        perGpu(b, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "gauge",
                "Throttling reasons bitmask (0x20 thermal slowdown), SIMULATED.", gpus,
                g -> String.valueOf(g.throttleReasons()));
        String model = "{model_name=" + Json.quote(servedModel) + "} ";
        engine(b, "vllm:num_requests_running", "gauge", "Number of requests in the running batch.", model, running);
        engine(b, "vllm:num_requests_waiting", "gauge", "Number of requests waiting in the queue.", model, waiting);
        engine(b, "vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.", model, promptTokens);
        engine(b, "vllm:prefix_cache_queries_total", "counter", "Prompt tokens looked up in the prefix cache.", model,
                promptTokens);
        engine(b, "vllm:prefix_cache_hits_total", "counter", "Prompt tokens served from the prefix cache, SIMULATED.",
                model, cachedPromptTokens);
        engine(b, "vllm:generation_tokens_total", "counter", "Number of generation tokens processed.", model,
                generationTokens);
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

    /** One DCGM metric: its header and a sample per GPU with the exporter's labels. */
    private static void perGpu(StringBuilder b, String name, String type, String help, List<GpuReading> gpus,
                               java.util.function.Function<GpuReading, String> value) {
        header(b, name, type, help);
        for (GpuReading g : gpus) {
            sample(b, name, g).append(value.apply(g)).append('\n');
        }
    }

    /** One engine-wide metric: its header and its one sample, so the name is written once. */
    private static void engine(StringBuilder b, String name, String type, String help, String labels, long value) {
        header(b, name, type, help);
        b.append(name).append(labels).append(value).append('\n');
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

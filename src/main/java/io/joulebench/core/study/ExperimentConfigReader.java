package io.joulebench.core.study;

import io.joulebench.core.WireName;
import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.workload.Distribution;
import io.joulebench.core.workload.SharedPrefix;
import io.joulebench.core.attribution.AttributionRule;
import io.joulebench.core.energy.DeviceGroups;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.HostEnergy;
import io.joulebench.core.server.EngineParams;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.Runner;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.trace.TraceFormat;
import io.joulebench.core.warmup.WarmupMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads typed configs from resolved (already validated, defaults filled) trees. */
public final class ExperimentConfigReader {

    private ExperimentConfigReader() {
    }

    public static ExperimentConfig read(JsonNode cell) {
        ServingMode mode = ServingMode.fromWire(cell.path("serving_mode").asText());
        String engine = cell.path("engine").asText();
        String runner = cell.path("runners").path(engine).asText();
        return new ExperimentConfig(mode, engine, runner, task(cell.path("task")), measurement(cell.path("measurement")),
                mode == ServingMode.SERVER ? server(cell.path("server")) : null,
                mode == ServingMode.OFFLINE ? offline(cell.path("offline"), cell.path("task")) : null,
                engine.equals("reference") ? reference(cell.path("reference")) : null,
                engine.equals("reference") ? null : container(cell.path(engine), engineFlags(cell, engine).args()),
                endpoint(cell.path(engine), runner));
    }

    /** {@code <engine>.url} and {@code api_key_env} for the endpoint runner (CrossFieldRules checked both); else null. */
    private static EndpointConfig endpoint(JsonNode block, String runner) {
        if (!Runner.ENDPOINT.is(runner) || !block.path(EndpointConfig.URL_KEY).isTextual()) {
            return null;
        }
        return new EndpointConfig(java.net.URI.create(block.path(EndpointConfig.URL_KEY).textValue()),
                optText(block.path(EndpointConfig.API_KEY_ENV_KEY)));
    }

    public static ExecutionConfig execution(JsonNode n) {
        List<Integer> gpus = null;
        if (n.path("gpu_indices").isArray()) {
            gpus = new ArrayList<>();
            for (JsonNode g : n.path("gpu_indices")) {
                gpus.add(g.asInt());
            }
        }
        return new ExecutionConfig(n.path("n_cycles").asInt(1),
                ExperimentOrder.fromWire(n.path("experiment_order").asText(ExperimentOrder.SEQUENTIAL.wire())), optLong(n.path("shuffle_seed")),
                n.path("experiment_timeout_seconds").asDouble(600), n.path("experiment_gap_seconds").asDouble(),
                n.path("cycle_gap_seconds").asDouble(), gpus, optInt(n.path("max_consecutive_failures")),
                n.path("circuit_breaker_cooldown_seconds").asDouble(ExecutionConfig.DEFAULT_BREAKER_COOLDOWN_SECONDS));
    }

    private static TaskConfig task(JsonNode n) {
        JsonNode d = n.path("dataset");
        DatasetConfig dataset = new DatasetConfig(d.path("source").asText("builtin"), d.path("n_prompts").asInt(),
                PromptOrder.fromWire(d.path("order").asText("interleaved")));
        return new TaskConfig(optText(n.path("model")), dataset, n.path("max_input_tokens").asInt(),
                n.path("max_output_tokens").asInt(), n.path("random_seed").asLong(),
                n.path("api").asText("completions").equals("chat") ? OpenAiEndpoint.CHAT : OpenAiEndpoint.COMPLETIONS,
                DistributionKeys.read(n.path("input_tokens"), 1), DistributionKeys.read(n.path("output_tokens"), 1),
                sharedPrefix(n.path("shared_prefix")), sessions(n.path("sessions")));
    }

    /** {@code task.sessions}, or null; turns are at least 1, think times at least 0 unless a min says otherwise. */
    private static SessionsConfig sessions(JsonNode n) {
        if (!n.isObject()) {
            return null;
        }
        Distribution think = DistributionKeys.read(n.path("think_seconds"), 0);
        return new SessionsConfig(DistributionKeys.read(n.path("turns"), 1),
                think != null ? think : new Distribution.Fixed(0, 0, Double.POSITIVE_INFINITY));
    }

    /** {@code task.shared_prefix}, or null. */
    private static SharedPrefix sharedPrefix(JsonNode n) {
        return n.isObject() ? new SharedPrefix(n.path("groups").asInt(), n.path("prefix_tokens").asInt(),
                SharedPrefix.Assignment.fromWire(n.path("assignment").asText())) : null;
    }

    private static MeasurementConfig measurement(JsonNode n) {
        return new MeasurementConfig(n.path("energy_sampler").asText("auto"), texts(n.path("dcgm_urls")),
                n.path("baseline").path("enabled").asBoolean(true), n.path("baseline").path("duration_seconds").asDouble(),
                n.path("sample_interval_ms").asInt(100),
                n.path("dcgm_interval_ms").asInt(MeasurementConfig.DEFAULT_DCGM_INTERVAL_MS),
                n.path("cpu_estimate").path("watts_per_core").asDouble(MeasurementConfig.DEFAULT_WATTS_PER_CORE),
                n.path("cpu_estimate").path("idle_watts").asDouble(0),
                WireName.parse(HostEnergy.class, n.path("host_energy").asText()).orElse(HostEnergy.NONE),
                WireName.parse(HeadlineDomain.class, n.path("headline_domain").asText()).orElse(HeadlineDomain.GPU),
                deviceGroups(n.path("device_groups")),
                n.path("attribution").path("prefill_weight").asDouble(AttributionRule.DEFAULT_PREFILL_WEIGHT),
                prometheus(n.path("prometheus")));
    }

    private static PrometheusConfig prometheus(JsonNode p) {
        if (!p.isObject()) {
            return null;
        }
        JsonNode auth = p.path("auth");
        return new PrometheusConfig(optText(p.path("url")), optText(p.path("query")), optText(p.path("unit")),
                optText(p.path("kind")), p.path("scrape_interval_seconds").isNumber()
                        ? p.path("scrape_interval_seconds").asDouble() : null,
                optText(auth.path("bearer_env")), optText(auth.path("user_env")), optText(auth.path("password_env")));
    }

    /** {@code measurement.device_groups} (names, indices and overlaps were checked by CrossFieldRules). */
    private static DeviceGroups deviceGroups(JsonNode n) {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        n.fields().forEachRemaining(e -> {
            List<Integer> devices = new ArrayList<>();
            e.getValue().forEach(d -> devices.add(d.asInt()));
            groups.put(e.getKey(), devices);
        });
        return DeviceGroups.of(groups);
    }

    private static ServerConfig server(JsonNode n) {
        JsonNode t = n.path("traffic");
        JsonNode s = t.path("slo");
        SloConfig slo = s.isObject()
                ? new SloConfig(optDouble(s.path("ttft_ms")), optDouble(s.path("tpot_ms")), s.path("percentile").asDouble())
                : null;
        AutoWindowConfig auto = autoWindow(t);
        TrafficConfig traffic = new TrafficConfig(optDouble(t.path("rate")),
                ArrivalProcess.parse(t.path("arrival").asText(ArrivalProcess.POISSON.label())), optDouble(t.path("burstiness")),
                optLong(t.path("seed")), auto != null ? auto.maxSeconds() : t.path("window_seconds").asDouble(),
                t.path("ramp_exclusion_seconds").asDouble(), optInt(t.path("concurrency_cap")), slo,
                trace(t.path("trace")), t.path("read_timeout_seconds").asDouble(60.0),
                windowsByRate(t.path("window_seconds_by_rate")), auto);
        JsonNode w = n.path("warmup");
        WarmupSettings warmup = new WarmupSettings(WarmupMode.fromWire(w.path("mode").asText(WarmupMode.COMPOSITE.label())),
                w.path("timeout_seconds").asDouble(), w.path("duration_seconds").asDouble());
        return new ServerConfig(traffic, warmup, n.path("cooldown_seconds").asDouble(), n.path("windows_per_level").asInt(),
                n.path("stability_cv_threshold").asDouble(), n.path("max_error_fraction").asDouble(),
                capacitySearch(n.path("capacity_search")));
    }

    /** {@code server.traffic.trace}: text is the file alone, a mapping holds every key (defaults filled); else null. */
    static TraceConfig trace(JsonNode n) {
        if (n.isTextual()) {
            return TraceConfig.ofFile(n.textValue());
        }
        if (!n.isObject()) {
            return null;
        }
        return new TraceConfig(n.path("file").asText(),
                TraceFormat.fromWire(n.path("format").asText(TraceFormat.AUTO)).orElse(null),
                n.path("start_seconds").asDouble(0), optDouble(n.path("duration_seconds")),
                n.path("time_scale").asDouble(1.0), n.path("block_size").asInt(TraceConfig.DEFAULT_BLOCK_SIZE),
                TraceConfig.Lengths.fromWire(n.path("lengths").asText()));
    }

    /** {@code server.capacity_search}, or null (its keys and bounds were checked by CrossFieldRules). */
    private static CapacitySearchConfig capacitySearch(JsonNode n) {
        if (!n.isObject()) {
            return null;
        }
        List<Slo.Bound> bounds = new ArrayList<>();
        n.path("slo").fields().forEachRemaining(e -> LevelMetric.byName(e.getKey())
                .ifPresent(m -> bounds.add(new Slo.Bound(m, e.getValue().asDouble()))));
        List<Double> fractions = new ArrayList<>();
        n.path("measure_fractions").forEach(v -> fractions.add(v.asDouble()));
        return new CapacitySearchConfig(new Slo(bounds), optDouble(n.path("max_error_fraction")),
                n.path("min_rate").asDouble(), n.path("max_rate").asDouble(), n.path("tolerance").asDouble(),
                n.path("probe_seconds").asDouble(), fractions);
    }

    private static OfflineConfig offline(JsonNode n, JsonNode task) {
        Integer prompts = optInt(n.path("n_prompts"));
        return new OfflineConfig(n.path("concurrency").asInt(1),
                prompts != null ? prompts : task.path("dataset").path("n_prompts").asInt());
    }

    private static ReferenceEngineOptions reference(JsonNode n) {
        JsonNode f = n.path("faults");
        ReferenceFaults faults = new ReferenceFaults(f.path("never_ready").asBoolean(), optDouble(f.path("exit_after_seconds")),
                f.path("stall_fraction").asDouble(), f.path("error_fraction").asDouble(),
                f.path("malformed_sse_fraction").asDouble(), f.path("drop_connection_fraction").asDouble());
        return new ReferenceEngineOptions(n.path("profile").asText("small"), n.path("gpus").asInt(1),
                optLong(n.path("seed")), n.path("load_delay_seconds").asDouble(),
                optDouble(n.path("thermal_time_constant_seconds")), optInt(n.path("max_num_seqs")), faults,
                optInt(n.path("prefix_cache_tokens")), optInt(n.path("kv_cache_tokens")));
    }

    /**
     * The serve flags a cell's {@code <engine>.engine_params}, then its {@code passthrough_kwargs}, become for its
     * engine (see {@link EngineParams}); they go before the block's own {@code extra_args}.
     */
    static EngineParams.Flags engineFlags(JsonNode cell, String engine) {
        Map<String, JsonNode> params = new LinkedHashMap<>();
        cell.path(engine).path("engine_params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue()));
        cell.path("passthrough_kwargs").fields().forEachRemaining(e -> params.putIfAbsent(e.getKey(), e.getValue()));
        if (params.isEmpty() || !EnginePreset.ids().contains(engine)) {
            return new EngineParams.Flags(List.of(), List.of());
        }
        return EngineParams.flags(EnginePreset.fromId(engine), params);
    }

    private static ContainerEngineOptions container(JsonNode n, List<String> paramFlags) {
        List<String> extra = new ArrayList<>(paramFlags);
        extra.addAll(texts(n.path("extra_args")));
        Map<String, String> env = new LinkedHashMap<>();
        n.path("env").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
        return new ContainerEngineOptions(optText(n.path("image")),
                n.path("command").isArray() ? texts(n.path("command")) : null, extra, env,
                optText(n.path("shm_size")), optText(n.path("model_cache")),
                n.path("entrypoint").isArray() ? texts(n.path("entrypoint")) : null,
                n.path("serve_args").isArray() ? texts(n.path("serve_args")) : null, optText(n.path("health_path")),
                optText(n.path("openai_path")));
    }

    /** {@code window_seconds: auto} with its {@code window_seconds_auto} bounds (defaults when absent), else null. */
    private static AutoWindowConfig autoWindow(JsonNode t) {
        if (!"auto".equals(t.path("window_seconds").asText())) {
            return null;
        }
        JsonNode a = t.path("window_seconds_auto");
        return new AutoWindowConfig(a.path("min_seconds").asDouble(AutoWindowConfig.DEFAULT_MIN_SECONDS),
                a.path("max_seconds").asDouble(AutoWindowConfig.DEFAULT_MAX_SECONDS),
                a.path("target_cv").asDouble(AutoWindowConfig.DEFAULT_TARGET_CV));
    }

    /** {@code window_seconds_by_rate}: rate → seconds (keys that are not numbers were refused by CrossFieldRules). */
    private static Map<Double, Double> windowsByRate(JsonNode n) {
        Map<Double, Double> out = new java.util.TreeMap<>();
        n.fields().forEachRemaining(e -> {
            Double rate = TrafficConfig.parseRateKey(e.getKey());
            if (rate != null) {
                out.put(rate, e.getValue().asDouble());
            }
        });
        return out;
    }

    private static List<String> texts(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    private static String optText(JsonNode n) {
        return n.isTextual() ? n.textValue() : null;
    }

    private static Double optDouble(JsonNode n) {
        return n.isNumber() ? n.doubleValue() : null;
    }

    private static Long optLong(JsonNode n) {
        return n.isNumber() ? n.longValue() : null;
    }

    private static Integer optInt(JsonNode n) {
        return n.isNumber() ? n.intValue() : null;
    }
}

package io.joulebench.core.study;

import io.joulebench.core.WireName;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.joulebench.core.attribution.AttributionRule;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.PrometheusSettings;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.HostEnergy;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.Runner;
import io.joulebench.core.study.Schema.Bool;
import io.joulebench.core.study.Schema.Field;
import io.joulebench.core.study.Schema.Int;
import io.joulebench.core.study.Schema.ListOf;
import io.joulebench.core.study.Schema.MapOf;
import io.joulebench.core.study.Schema.Num;
import io.joulebench.core.study.Schema.Obj;
import io.joulebench.core.study.Schema.Rejected;
import io.joulebench.core.study.Schema.Str;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.traffic.trace.TraceFormat;
import io.joulebench.core.warmup.WarmupMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every key a study file may hold, with its type, range and default. Defaults follow upstream llenergymeasure
 * wherever it has one (window 240 s, ramp 30 s, three windows per level, CV 0.05, warmup composite/900 s/300 s,
 * n_cycles 1, sequential order, experiment timeout 600 s, 256-token limits, seed 42, 100 prompts).
 */
final class StudySchema {

    /** The engines, published by {@link EnginePreset} (the reference engine first). */
    static final List<String> ENGINES = EnginePreset.ids();
    static final List<String> CONTAINER_ENGINES = ENGINES.subList(1, ENGINES.size());
    /** {@code task.api}: the OpenAI API the workload speaks. */
    static final List<String> API_CHOICES = List.of("completions", "chat");
    /** Keys that describe the study itself, not an experiment: they cannot be swept or set per experiment. */
    static final List<String> STUDY_LEVEL_KEYS = List.of("study_name", "study_execution", "sweep", "experiments");

    private static final JsonNodeFactory N = JsonNodeFactory.instance;
    private static final double INF = Double.POSITIVE_INFINITY;

    static final Obj ROOT = root();

    private StudySchema() {
    }

    private static Obj root() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("study_name", text(), null).nullable());
        put(f, field("serving_mode", choice("server", "offline"), null).required());
        put(f, field("engine", new Str(ENGINES, Map.of("tensorrt", "trtllm", "tensorrt-llm", "trtllm"), null, null),
                N.textNode(EnginePreset.REFERENCE.id())));
        Map<String, Field> runners = new LinkedHashMap<>();
        Str runner = new Str(List.of(), Map.of(), Pattern.compile("(?:" + String.join("|", Runner.wires()) + ")"
                + "|" + Runner.CONTAINER.wire() + ":\\S+"),
                "in-process, process, container, container:<image> or endpoint (llenergymeasure before v0.7 "
                        + "wrote local and docker for process and container)");
        for (String engine : ENGINES) {
            put(runners, field(engine, runner, null).block());
        }
        put(f, field("runners", new Obj(runners), null));
        put(f, field("task", task(), null));
        put(f, field("measurement", measurement(), null));
        put(f, field("server", server(), null).block());
        put(f, field("offline", offline(), null).block());
        put(f, field("study_execution", execution(), null));
        // upstream's experiment-level extras: recorded (hashed) and forwarded as described by UpstreamKeys
        put(f, field("passthrough_kwargs", new MapOf(new Schema.Free()), null).nullable().block());
        put(f, field("sampling_preset", choice("deterministic", "standard", "creative", "factual"), null).nullable().block());
        put(f, field("harness", new Rejected("harness: holds upstream's transformers-only orchestration knobs "
                + "(batch_size, torch_compile); Joulebench serves no transformers engine, so remove it"), null).block());
        put(f, field("reference", referenceEngine(), null).block());
        for (String engine : CONTAINER_ENGINES) {
            put(f, field(engine, engine.equals("custom") ? customEngine() : containerEngine(), null).block());
        }
        // sweep and experiments are read by StudyExpander, never bound as values
        put(f, field("sweep", new MapOf(new ListOf(text(), 1)), null).block());
        put(f, field("experiments", new ListOf(new MapOf(text()), 1), null).block());
        return new Obj(f);
    }

    private static Obj task() {
        Map<String, Field> dataset = new LinkedHashMap<>();
        put(dataset, field("source", new Str(List.of(), Map.of("aienergyscore", "builtin"), null, null),
                N.textNode("builtin")));
        put(dataset, field("n_prompts", integer(1, 1_000_000), N.numberNode(100)));
        put(dataset, field("order", choice("interleaved", "shuffled", "grouped"), N.textNode("interleaved")));
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("model", text(), null).nullable());
        put(f, field("dataset", new Obj(dataset), null));
        put(f, field("max_input_tokens", integer(1, 1_000_000), N.numberNode(256)));
        put(f, field("max_output_tokens", integer(1, 1_000_000), N.numberNode(256)));
        put(f, field("random_seed", integer(0, Long.MAX_VALUE), N.numberNode(42)));
        put(f, field("api", choice(API_CHOICES), N.textNode("completions")));
        // issue 32: per-request length distributions and a shared prefix; blocks, so a study without them keeps its hash
        put(f, field("input_tokens", DistributionKeys.schema(0), null).block());
        put(f, field("output_tokens", DistributionKeys.schema(0), null).block());
        put(f, field("shared_prefix", sharedPrefix(), null).block());
        // issue 32: multi-turn conversations; a block, so a study without it keeps its config hash
        put(f, field("sessions", sessions(), null).block());
        return new Obj(f);
    }

    /** {@code task.sessions}: turns per conversation and the user's think time before each later turn, distributions. */
    private static Obj sessions() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("turns", DistributionKeys.schema(1), null).required());
        put(f, field("think_seconds", DistributionKeys.schema(0), null).block());
        return new Obj(f);
    }

    /** {@code task.shared_prefix}: G system prompts of P tokens, a request's group chosen in turn or by the seed. */
    private static Obj sharedPrefix() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("groups", integer(1, 1_000_000), null).required());
        put(f, field("prefix_tokens", integer(1, 1_000_000), null).required());
        put(f, field("assignment", choice(io.joulebench.core.workload.SharedPrefix.Assignment.wires()),
                N.textNode("round_robin")));
        return new Obj(f);
    }

    private static Obj measurement() {
        Map<String, Field> baseline = new LinkedHashMap<>();
        put(baseline, field("enabled", new Bool(), N.booleanNode(true)));
        put(baseline, field("duration_seconds", atLeast(0), N.numberNode(30.0)));
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("energy_sampler", choice(EnergySource.wires()),
                N.textNode(EnergySource.AUTO.wire())));
        Str url = new Str(List.of(), Map.of(), Pattern.compile("https?://\\S+"), "an http:// or https:// URL");
        put(f, field("dcgm_urls", new ListOf(url, 0), N.arrayNode()));
        put(f, field("baseline", new Obj(baseline), null));
        put(f, field("warmup", new Rejected("measurement.warmup is not a key at v0.7, as upstream: server mode warms up "
                + "under server.warmup, offline mode under offline.warmup"), null).block());
        put(f, field("sample_interval_ms", integer(10, 60_000), N.numberNode(100)));
        // dcgm-exporter -c: the stock exporter collects every 30 s
        put(f, field("dcgm_interval_ms", integer(10, 3_600_000), N.numberNode(30_000)));
        // issue 33: a cluster's Prometheus as the energy source; credentials only by environment variable name
        Map<String, Field> prom = new LinkedHashMap<>();
        put(prom, field("url", url, null));
        put(prom, field("query", text(), null));
        put(prom, field("unit", choice(WireName.wires(PrometheusSettings.Unit.class)), null));
        put(prom, field("kind", choice(WireName.wires(PrometheusSettings.Kind.class)), null));
        put(prom, field("scrape_interval_seconds", above(0), null));
        Map<String, Field> auth = new LinkedHashMap<>();
        put(auth, field("bearer_env", text(), null));
        put(auth, field("user_env", text(), null));
        put(auth, field("password_env", text(), null));
        put(prom, field("auth", new Obj(auth), null).block());
        // a block only when given, so a study without it keeps the config hash it had
        put(f, field("prometheus", new Obj(prom), null).block());
        Map<String, Field> cpu = new LinkedHashMap<>();
        put(cpu, field("watts_per_core", atLeast(0), N.numberNode(10.0)));
        put(cpu, field("idle_watts", atLeast(0), N.numberNode(0.0)));
        put(f, field("cpu_estimate", new Obj(cpu), null));
        // issue 18: a host meter beside the primary (default none), and which domain the headline energy is (default
        // gpu); no default node, so a study that sets neither keeps the config hash it had
        put(f, field("host_energy", choice(WireName.wires(HostEnergy.class)), null));
        put(f, field("headline_domain", choice(WireName.wires(HeadlineDomain.class)), null));
        // Joulebench extension (#18): group name -> GPU indices, each group's energy reported apiece
        put(f, field("device_groups", new MapOf(new ListOf(integer(0, 1_000_000), 1)), null).nullable());
        // issue 18: the per-request split of measured energy (estimated, post hoc: not in the config hash)
        Map<String, Field> attribution = new LinkedHashMap<>();
        put(attribution, field("prefill_weight", atLeast(0), N.numberNode(AttributionRule.DEFAULT_PREFILL_WEIGHT)));
        put(f, field("attribution", new Obj(attribution), null));
        return new Obj(f);
    }

    private static Obj server() {
        Map<String, Field> slo = new LinkedHashMap<>();
        put(slo, field("ttft_ms", above(0), null).nullable());
        put(slo, field("tpot_ms", above(0), null).nullable());
        put(slo, field("percentile", new Num(0, true, 1, false), N.numberNode(0.99)));
        Map<String, Field> traffic = new LinkedHashMap<>();
        put(traffic, field("rate", above(0), null).nullable());
        put(traffic, field("arrival", choice(ArrivalProcess.choices()),
                N.textNode(ArrivalProcess.POISSON.label())));
        put(traffic, field("burstiness", new Num(0, true, ScheduleSpec.MAX_BURSTINESS, false), null).nullable());
        put(traffic, field("seed", integer(0, Long.MAX_VALUE), null).nullable());
        put(traffic, field("window_seconds", new Schema.NumOrWord(above(0), "auto"), N.numberNode(240.0)));
        // Joulebench extension (#23): window_seconds: auto chooses each level's length from its warmup, within these
        Map<String, Field> auto = new LinkedHashMap<>();
        put(auto, field("min_seconds", above(0), N.numberNode(AutoWindowConfig.DEFAULT_MIN_SECONDS)));
        put(auto, field("max_seconds", above(0), N.numberNode(AutoWindowConfig.DEFAULT_MAX_SECONDS)));
        put(auto, field("target_cv", new Num(0, true, 1, true), N.numberNode(AutoWindowConfig.DEFAULT_TARGET_CV)));
        put(traffic, field("window_seconds_auto", new Obj(auto), null).nullable());
        // Joulebench extension (#23): per-rate window lengths, keyed by rate; a rate not listed uses window_seconds
        put(traffic, field("window_seconds_by_rate", new MapOf(above(0)), null).nullable());
        put(traffic, field("window_requests", new Rejected("count-bound windows are not supported: windows are "
                + "time-bound; remove window_requests and set window_seconds"), null).block());
        put(traffic, field("ramp_exclusion_seconds", atLeast(0), N.numberNode(30.0)));
        put(traffic, field("concurrency_cap", integer(1, 1_000_000), null).nullable());
        put(traffic, field("slo", new Obj(slo), null).nullable());
        put(traffic, field("trace", trace(), null).nullable());
        put(traffic, field("read_timeout_seconds", above(0), N.numberNode(60.0)));
        Map<String, Field> warmup = new LinkedHashMap<>();
        put(warmup, field("mode", choice(WarmupMode.labels()),
                N.textNode(WarmupMode.COMPOSITE.label())));
        put(warmup, field("timeout_seconds", above(0), N.numberNode(900.0)));
        put(warmup, field("duration_seconds", atLeast(0), N.numberNode(300.0)));
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("traffic", new Obj(traffic), null));
        put(f, field("warmup", new Obj(warmup), null));
        put(f, field("cooldown_seconds", atLeast(0), N.numberNode(0.0)));
        put(f, field("windows_per_level", integer(1, 1000), N.numberNode(3)));
        put(f, field("stability_cv_threshold", new Num(0, true, 1, true), N.numberNode(0.05)));
        put(f, field("max_error_fraction", new Num(0, false, 1, false), N.numberNode(0.01)));
        // Joulebench extension (#23): an SLO capacity search instead of a fixed rate (CrossFieldRules checks the rest)
        put(f, field("capacity_search", capacitySearch(), null).nullable());
        return new Obj(f);
    }

    /**
     * {@code server.traffic.trace} (issue 30): a file, or a mapping that also chooses the format, the slice, the time
     * scale, the block size of {@code hash_ids} and where prompt lengths come from. {@code time_scale} can be swept.
     */
    private static Obj trace() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("file", text(), null).required());
        put(f, field("format", choice(TraceFormat.choices()), N.textNode(TraceFormat.AUTO)));
        put(f, field("start_seconds", atLeast(0), N.numberNode(0.0)));
        put(f, field("duration_seconds", above(0), null).nullable());
        put(f, field("time_scale", above(0), N.numberNode(1.0)));
        put(f, field("block_size", integer(1, 1_000_000), N.numberNode(TraceConfig.DEFAULT_BLOCK_SIZE)));
        put(f, field("lengths", choice(TraceConfig.Lengths.wires()), null).nullable());
        return new Obj(f, "file");
    }

    /** {@code server.capacity_search}: the SLO bounds by windows.csv latency column, the range, the probes. */
    private static Obj capacitySearch() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("slo", new MapOf(above(0)), null).nullable());
        put(f, field("max_error_fraction", fraction(), null).nullable());
        put(f, field("min_rate", above(0), null).nullable());
        put(f, field("max_rate", above(0), null).nullable());
        put(f, field("tolerance", above(0), null).nullable());
        put(f, field("probe_seconds", above(0), N.numberNode(20.0)));
        put(f, field("measure_fractions", new ListOf(new Num(0, true, 1, false), 1), N.arrayNode().add(1.0)));
        return new Obj(f);
    }

    private static Obj offline() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("concurrency", integer(1, 100_000), N.numberNode(1)));
        put(f, field("n_prompts", integer(1, 1_000_000), null).nullable());
        return new Obj(f);
    }

    private static Obj execution() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("n_cycles", integer(1, 1000), N.numberNode(1)));
        put(f, field("experiment_order", choice(ExperimentOrder.wires()),
                N.textNode(ExperimentOrder.SEQUENTIAL.wire())));
        put(f, field("shuffle_seed", integer(0, Long.MAX_VALUE), null).nullable());
        put(f, field("experiment_timeout_seconds", above(0), N.numberNode(600.0)));
        put(f, field("experiment_gap_seconds", atLeast(0), N.numberNode(0.0)));
        put(f, field("cycle_gap_seconds", atLeast(0), N.numberNode(0.0)));
        put(f, field("gpu_indices", new ListOf(integer(0, 1023), 1), null).nullable());
        put(f, field("max_consecutive_failures", integer(0, 1_000_000), N.numberNode(10)).nullable());
        put(f, field("circuit_breaker_cooldown_seconds", atLeast(0), N.numberNode(60.0)));
        return new Obj(f);
    }

    private static Obj referenceEngine() {
        Map<String, Field> faults = new LinkedHashMap<>();
        put(faults, field("never_ready", new Bool(), N.booleanNode(false)));
        put(faults, field("exit_after_seconds", above(0), null).nullable());
        put(faults, field("stall_fraction", fraction(), N.numberNode(0.0)));
        put(faults, field("error_fraction", fraction(), N.numberNode(0.0)));
        put(faults, field("malformed_sse_fraction", fraction(), N.numberNode(0.0)));
        put(faults, field("drop_connection_fraction", fraction(), N.numberNode(0.0)));
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("profile", choice(ReferenceEngineOptions.PROFILES.toArray(String[]::new)), N.textNode("small")));
        put(f, field("gpus", integer(1, 8), N.numberNode(1)));
        put(f, field("seed", integer(0, Long.MAX_VALUE), null).nullable());
        put(f, field("load_delay_seconds", atLeast(0), N.numberNode(0.0)));
        put(f, field("thermal_time_constant_seconds", above(0), null).nullable());
        put(f, field("max_num_seqs", integer(1, 100_000), null).nullable());
        put(f, field("prefix_cache_tokens", integer(0, Integer.MAX_VALUE), null).nullable());
        put(f, field("kv_cache_tokens", integer(0, Integer.MAX_VALUE), null).nullable());
        put(f, field("faults", new Obj(faults), null));
        endpointKeys(f);
        return new Obj(f);
    }

    private static Obj containerEngine() {
        Map<String, Field> f = new LinkedHashMap<>();
        put(f, field("image", text(), null).nullable());
        put(f, field("command", new ListOf(text(), 1), null).nullable());
        put(f, field("extra_args", new ListOf(text(), 0), N.arrayNode()));
        put(f, field("env", new MapOf(text()), N.objectNode()));
        put(f, field("shm_size", new Str(List.of(), Map.of(), Pattern.compile("\\d+(\\.\\d+)?[kKmMgG]?[bB]?"),
                "a size such as 8g or 512m"), null).nullable());
        put(f, field("model_cache", text(), null).nullable());
        // upstream's engine section: engine_params become serve flags (EngineParams), sampling_params are recorded
        put(f, field("engine_params", new MapOf(new Schema.Free()), null).block());
        put(f, field("sampling_params", new MapOf(new Schema.Free()), null).block());
        endpointKeys(f);
        return new Obj(f);
    }

    /**
     * {@code <engine>.url} and {@code <engine>.api_key_env}, for {@code runners.<engine>: endpoint} (issue 33). No
     * default node, so a study that sets neither keeps the config hash it had.
     */
    private static void endpointKeys(Map<String, Field> f) {
        put(f, field(EndpointConfig.URL_KEY, new Str(List.of(), Map.of(), Pattern.compile("https?://\\S+"),
                "an http:// or https:// base URL"), null));
        put(f, field(EndpointConfig.API_KEY_ENV_KEY, new Str(List.of(), Map.of(),
                Pattern.compile("[A-Za-z_][A-Za-z0-9_]*"), "the name of an environment variable"), null));
    }

    /**
     * The {@code custom:} block: a preset's keys plus everything a preset would otherwise supply — the container
     * entrypoint and argument template, the health path and the OpenAI path. Templates take {model}, {port}, {gpus}.
     */
    private static Obj customEngine() {
        Map<String, Field> f = new LinkedHashMap<>(containerEngine().fields());
        put(f, field("entrypoint", new ListOf(text(), 1), null).nullable());
        put(f, field("serve_args", new ListOf(text(), 0), N.arrayNode()));
        Str path = new Str(List.of(), Map.of(), Pattern.compile("/\\S*"), "a URL path starting with /");
        put(f, field("health_path", path, N.textNode("/health")));
        put(f, field("openai_path", path, null).nullable());
        return new Obj(f);
    }

    /** The schema node a dotted path names, or null when no such key exists (map keys match anything). */
    static Schema lookup(String dottedPath) {
        Schema at = ROOT;
        for (String segment : dottedPath.split("\\.", -1)) {
            if (at instanceof Schema.Free) {
                return at;
            } else if (at instanceof Obj o && o.fields().containsKey(segment)) {
                at = o.fields().get(segment).type();
            } else if (at instanceof MapOf m && !segment.isEmpty()) {
                at = m.value();
            } else {
                return null;
            }
        }
        return at;
    }

    /** Every dotted path naming a field, for "did you mean" on sweep paths. */
    static List<String> allPaths() {
        List<String> out = new ArrayList<>();
        collect(ROOT, "", out);
        return out;
    }

    private static void collect(Schema s, String prefix, List<String> out) {
        if (s instanceof Obj o) {
            for (Field f : o.fields().values()) {
                String p = KeyPaths.child(prefix, f.name());
                if (!STUDY_LEVEL_KEYS.contains(p)) {
                    out.add(p);
                    collect(f.type(), p, out);
                }
            }
        }
    }

    private static void put(Map<String, Field> fields, FieldBuilder b) {
        fields.put(b.name, new Field(b.name, b.type, b.dflt, b.nullable, b.required, b.block));
    }

    private static FieldBuilder field(String name, Schema type, JsonNode dflt) {
        return new FieldBuilder(name, type, dflt);
    }

    private static Str text() {
        return new Str(List.of(), Map.of(), null, null);
    }

    private static Str choice(String... values) {
        return choice(List.of(values));
    }

    private static Str choice(List<String> values) {
        return new Str(List.copyOf(values), Map.of(), null, null);
    }

    private static Int integer(long min, long max) {
        return new Int(min, max);
    }

    private static Num above(double min) {
        return new Num(min, true, INF, false);
    }

    private static Num atLeast(double min) {
        return new Num(min, false, INF, false);
    }

    private static Num fraction() {
        return new Num(0, false, 1, false);
    }

    private static final class FieldBuilder {
        final String name;
        final Schema type;
        final JsonNode dflt;
        boolean nullable;
        boolean required;
        boolean block;

        FieldBuilder(String name, Schema type, JsonNode dflt) {
            this.name = name;
            this.type = type;
            this.dflt = dflt;
        }

        FieldBuilder nullable() {
            nullable = true;
            return this;
        }

        FieldBuilder required() {
            required = true;
            return this;
        }

        FieldBuilder block() {
            block = true;
            return this;
        }
    }
}

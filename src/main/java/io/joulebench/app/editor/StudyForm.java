package io.joulebench.app.editor;

import io.joulebench.app.editor.FormField.Kind;
import io.joulebench.core.server.Runner;
import io.joulebench.core.study.StudyDefaults;
import java.util.ArrayList;
import java.util.List;

/** The fields of the study form, by section, in the order the form shows them. */
public final class StudyForm {

    public static final String ENGINE = "Engine and runner";
    public static final String MODEL = "Model and prompts";
    public static final String ENERGY = "Energy";
    public static final String TRAFFIC = "Traffic";
    public static final String WINDOWS = "Windows";
    public static final String WARMUP = "Warmup";
    public static final String EXECUTION = "Cycles and order";
    public static final String LENGTHS = "Request lengths";
    public static final List<String> SECTIONS = List.of(ENGINE, MODEL, ENERGY, TRAFFIC, LENGTHS, WINDOWS, WARMUP,
            EXECUTION);

    /** The runners core publishes; a combo, since a container runner may name its image. */
    public static final List<String> RUNNERS = Runner.wires();

    /**
     * What an empty field means where core has no default to fill in (the key stays absent or null), as prompts of
     * empty fields. Every other prompt is core's own default ({@link StudyDefaults}), never re-typed here.
     */
    static final java.util.Map<String, String> WHEN_ABSENT = java.util.Map.ofEntries(
            java.util.Map.entry("burstiness", "1"), java.util.Map.entry("gamma_k", "1"),
            java.util.Map.entry("seed", "new each run"), java.util.Map.entry("concurrency_cap", "uncapped"),
            java.util.Map.entry("slo_ttft", "none"), java.util.Map.entry("slo_tpot", "none"),
            java.util.Map.entry("model", "engine's own"), java.util.Map.entry("image", "preset image"),
            java.util.Map.entry("endpoint_url", "none"),
            java.util.Map.entry("window_by_rate", "none"),
            java.util.Map.entry("prometheus_unit", "mJ"), java.util.Map.entry("api_key_env", "no key"));

    /** The per-rate window lengths' field. */
    public static final String WINDOW_BY_RATE = "window_by_rate";

    private StudyForm() {
    }

    public static List<FormField> fields() {
        List<FormField> f = new ArrayList<>();
        f.add(field("study_name", ENGINE, "Study name", "study_name", Kind.TEXT, "Names the results folder"));
        f.add(choice("engine", ENGINE, "Engine", "engine", "reference runs anywhere, no GPU needed"));
        f.add(new FormField("runner", ENGINE, "Runner", "runners.{engine}", Kind.COMBO, RUNNERS,
                "in-process (reference only), process, container, container:<image> or endpoint (attach to a running"
                        + " server at the endpoint URL)", ""));
        f.add(field("endpoint_url", ENGINE, "Endpoint URL", "{engine}.url", Kind.TEXT,
                "Base URL of the running server, for the endpoint runner (http:// or https://, no credentials)"));
        f.add(field("api_key_env", ENGINE, "API key variable", "{engine}.api_key_env", Kind.TEXT,
                "Environment variable holding the endpoint's API key; the key itself is never written"));
        f.add(field("image", ENGINE, "Container image", "{engine}.image", Kind.TEXT,
                "Image for container runners; the preset's image when empty"));
        f.add(field("command", ENGINE, "Custom command", "custom.command", Kind.WORDS,
                "The custom engine's command line when it runs as a process"));
        f.add(field("model", MODEL, "Model", "task.model", Kind.TEXT, "What the server loads (not for reference)"));
        f.add(new FormField("dataset", MODEL, "Prompt source", "task.dataset.source", Kind.COMBO,
                List.of("builtin"), "builtin or a .jsonl/.csv/.parquet file next to the study", "builtin"));
        f.add(field("n_prompts", MODEL, "Prompts", "task.dataset.n_prompts", Kind.INT, "How many prompts to draw"));
        f.add(field("max_output_tokens", MODEL, "Max output tokens", "task.max_output_tokens", Kind.INT,
                "Per request"));
        f.add(choice("energy_sampler", ENERGY, "Energy source", "measurement.energy_sampler",
                "auto picks the best meter the machine has"));
        f.add(field("prometheus_url", ENERGY, "Prometheus URL", "measurement.prometheus.url", Kind.TEXT,
                "The cluster's Prometheus, for the prometheus energy source (credentials only by environment"
                        + " variable)"));
        f.add(field("prometheus_query", ENERGY, "Prometheus query", "measurement.prometheus.query", Kind.TEXT,
                "A PromQL selector of one energy counter series per device, e.g."
                        + " DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{namespace=\"llm\",pod=~\"vllm-.*\"}"));
        f.add(choice("prometheus_unit", ENERGY, "Counter unit", "measurement.prometheus.unit",
                "mJ for dcgm-exporter; J for node-exporter's RAPL and Kepler counters"));
        f.add(choice("arrival", TRAFFIC, "Arrival", "server.traffic.arrival", "Inter-arrival distribution"));
        f.add(field("burstiness", TRAFFIC, "Burstiness (CV)", "server.traffic.burstiness", Kind.NUMBER,
                "CV of the gaps; gamma arrivals only (1 = Poisson)"));
        f.add(field("gamma_k", TRAFFIC, "Gamma shape k", "server.traffic.burstiness", Kind.GAMMA_SHAPE,
                "k = 1/CV²; the same setting as the CV"));
        f.add(field("seed", TRAFFIC, "Seed", "server.traffic.seed", Kind.INT, "Empty: a new schedule each run"));
        f.add(field("concurrency_cap", TRAFFIC, "Concurrency cap", "server.traffic.concurrency_cap", Kind.INT,
                "Empty: uncapped"));
        f.add(field("slo_ttft", TRAFFIC, "SLO TTFT (ms)", "server.traffic.slo.ttft_ms", Kind.NUMBER, "Optional"));
        f.add(field("slo_tpot", TRAFFIC, "SLO TPOT (ms)", "server.traffic.slo.tpot_ms", Kind.NUMBER, "Optional"));
        f.add(field("slo_percentile", TRAFFIC, "SLO percentile", "server.traffic.slo.percentile", Kind.NUMBER,
                "0.99 = p99"));
        distribution(f, "in", "Input", "Input lengths", "task.input_tokens", "Per-request input tokens drawn from this (empty: the"
                + " dataset's prompts)", 1);
        distribution(f, "out", "Output", "Output lengths", "task.output_tokens", "Per-request output tokens drawn from this (empty:"
                + " max output tokens each)", 1);
        f.add(field("prefix_groups", LENGTHS, "Prefix groups", "task.shared_prefix.groups", Kind.INT,
                "Shared prefix: how many system prompts requests start with (empty: none)"));
        f.add(field("prefix_tokens", LENGTHS, "Prefix tokens", "task.shared_prefix.prefix_tokens", Kind.INT,
                "Shared prefix: each system prompt's length; a request's own text follows it"));
        distribution(f, "turns", "Turns", "Turns per session", "task.sessions.turns", "Sessions: turns per"
                + " conversation (empty: no sessions); with sessions the rate is sessions per second", 1);
        distribution(f, "think", "Think", "Think time (s)", "task.sessions.think_seconds", "Sessions: seconds"
                + " from a reply's end to the next turn (empty: 0)", 0);
        f.add(field("window_seconds", WINDOWS, "Window (s)", "server.traffic.window_seconds", Kind.NUMBER,
                "Length of each measured window, for the rates without their own length in Window by rate"));
        f.add(field(WINDOW_BY_RATE, WINDOWS, "Window by rate (s)", "server.traffic.window_seconds_by_rate",
                Kind.RATE_MAP, "Rates with their own window length, rate: seconds (e.g. 16: 20, 28: 8); these win"
                        + " over Window (s) for their rates"));
        f.add(field("ramp_seconds", WINDOWS, "Ramp (s)", "server.traffic.ramp_exclusion_seconds", Kind.NUMBER,
                "Traffic before the first window, not measured"));
        f.add(field("windows_per_level", WINDOWS, "Windows per level", "server.windows_per_level", Kind.INT, ""));
        f.add(field("cv_threshold", WINDOWS, "CV threshold", "server.stability_cv_threshold", Kind.NUMBER,
                "A level is valid when its windows' J/token CV stays below"));
        f.add(choice("warmup_mode", WARMUP, "Mode", "server.warmup.mode",
                "composite waits for convergence; fixed runs a set time"));
        f.add(field("warmup_duration", WARMUP, "Duration (s)", "server.warmup.duration_seconds", Kind.NUMBER,
                "Fixed warmup"));
        f.add(field("warmup_timeout", WARMUP, "Timeout (s)", "server.warmup.timeout_seconds", Kind.NUMBER,
                "Composite warmup's failsafe"));
        f.add(field("n_cycles", EXECUTION, "Cycles", "study_execution.n_cycles", Kind.INT, "Repeats of the sweep"));
        f.add(choice("order", EXECUTION, "Order", "study_execution.experiment_order", "Dispatch order across cycles"));
        return List.copyOf(f);
    }

    /**
     * A distribution's fields (docs/workloads.md, "Length distributions"): its kind and the keys the kinds read;
     * {@code floor} is what a draw below min counts as when min is not given (1 for tokens and turns, 0 for seconds).
     */
    private static void distribution(List<FormField> f, String key, String label, String title, String path,
                                     String help, int floor) {
        f.add(choice(key + "_distribution", LENGTHS, title, path + ".distribution", help));
        f.add(field(key + "_value", LENGTHS, label + " value", path + ".value", Kind.NUMBER, "fixed only"));
        f.add(field(key + "_mean", LENGTHS, label + " mean", path + ".mean", Kind.NUMBER, "normal and lognormal"));
        f.add(field(key + "_stddev", LENGTHS, label + " stddev", path + ".stddev", Kind.NUMBER,
                "normal and lognormal; lognormal's of the values, not of their logarithm"));
        f.add(field(key + "_min", LENGTHS, label + " min", path + ".min", Kind.NUMBER,
                "Draws below count as min (" + floor + ")"));
        f.add(field(key + "_max", LENGTHS, label + " max", path + ".max", Kind.NUMBER, "Draws above count as max"));
    }

    private static FormField field(String key, String section, String label, String path, Kind kind, String help) {
        return new FormField(key, section, label, path, kind, List.of(), help, prompt(key, path));
    }

    /** A field whose values are the choices core's schema accepts at {@code path}, never a list re-typed here. */
    private static FormField choice(String key, String section, String label, String path, String help) {
        List<String> values = StudyDefaults.choices(path);
        if (values.isEmpty()) {
            throw new IllegalStateException(path + " is not a choice in the study schema");
        }
        return new FormField(key, section, label, path, Kind.CHOICE, values, help, prompt(key, path));
    }

    /** The empty field's prompt: core's default for the path, else what an absent value means, else nothing. */
    static String prompt(String key, String path) {
        return StudyDefaults.of(path).orElse(WHEN_ABSENT.getOrDefault(key, ""));
    }
}

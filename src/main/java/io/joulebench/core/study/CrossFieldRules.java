package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.HostEnergy;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.Runner;
import io.joulebench.core.slo.LevelMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Rules that span several keys: the serving mode's own blocks, a rate for server mode, a trace that replaces the
 * arrival process, runners an engine can use, files that must exist. Presence is judged on the tree as written
 * ({@code raw}), values on the bound tree ({@code resolved}), so a key that already failed binding is not reported
 * twice.
 */
final class CrossFieldRules {

    private final CellSource source;
    private final Path baseDir;
    private final List<StudyError> errors;
    private final Set<String> sweptPaths;

    private final java.util.Collection<String> notes;

    CrossFieldRules(CellSource source, Path baseDir, List<StudyError> errors, Set<String> sweptPaths,
                    java.util.Collection<String> notes) {
        this.notes = notes;
        this.source = source;
        this.baseDir = baseDir;
        this.errors = errors;
        this.sweptPaths = sweptPaths;
    }

    void check(JsonNode raw, JsonNode resolved) {
        String mode = resolved.path("serving_mode").asText("");
        String engine = resolved.path("engine").asText("");
        if (mode.equals("server")) {
            checkServer(raw);
            checkCapacitySearch(raw, resolved.path("server").path("capacity_search"));
            checkAutoWindow(resolved.path("server").path("traffic"));
        } else if (mode.equals("offline") && given(raw, "server")) {
            String at = given(raw, "server", "traffic") ? "server.traffic" : "server";
            fail(at, "applies only to serving_mode: server (this experiment is offline)");
        }
        checkSessions(raw, resolved, mode);
        checkRunners(raw, resolved, engine);
        if (!engine.isEmpty() && !engine.equals(EnginePreset.REFERENCE.id()) && !given(raw, "task", "model")) {
            fail("task.model", "is required for engine " + engine + " (the model the server loads)");
        }
        JsonNode measurement = resolved.path("measurement");
        JsonNode urls = measurement.path("dcgm_urls");
        if (measurement.path("energy_sampler").asText("").equals(EnergySource.DCGM.wire()) && urls.isArray() && urls.isEmpty()) {
            fail("measurement.dcgm_urls", "must list at least one DCGM exporter URL when energy_sampler is dcgm");
        }
        if (measurement.path("energy_sampler").asText("").equals(EnergySource.PROMETHEUS.wire())) {
            for (String key : List.of("url", "query")) {
                if (!measurement.path("prometheus").path(key).isTextual()
                        || measurement.path("prometheus").path(key).asText().isBlank()) {
                    fail("measurement.prometheus." + key, "is required when energy_sampler is prometheus");
                }
            }
        }
        checkDomains(measurement);
        JsonNode gpus = resolved.path("study_execution").path("gpu_indices");
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < gpus.size(); i++) {
            if (!seen.add(gpus.get(i).asLong())) {
                fail("study_execution.gpu_indices[" + i + "]", "repeats GPU index " + gpus.get(i).asLong());
            }
        }
        checkDeviceGroups(measurement.path("device_groups"), gpus, resolved);
        checkDatasetSource(resolved.path("task").path("dataset").path("source"));
        checkLengthMix(raw, mode);
        for (String key : List.of("input_tokens", "output_tokens")) {
            DistributionKeys.check(raw.path("task").path(key), resolved.path("task").path(key), "task." + key, 1, baseDir, this::fail);
        }
        JsonNode traffic = resolved.path("server").path("traffic");
        TraceRules.check(traffic.path("trace"), baseDir, horizonSeconds(resolved.path("server")), this::fail,
                notes::add);
    }

    /**
     * {@code task.input_tokens}, {@code output_tokens} and {@code shared_prefix} shape a rate sweep's requests: a
     * trace brings its own lengths and offline mode sends the dataset, so neither takes them.
     */
    private void checkLengthMix(JsonNode raw, String mode) {
        for (String key : List.of("input_tokens", "output_tokens", "shared_prefix")) {
            if (!given(raw, "task", key)) {
                continue;
            }
            if (mode.equals("offline")) {
                fail("task." + key, "applies only to serving_mode: server (offline mode sends the dataset's prompts)");
            } else if (given(raw, "server", "traffic", "trace")) {
                fail("task." + key, "cannot be combined with server.traffic.trace (a trace replay takes its lengths"
                        + " from the trace; an empirical distribution can take them from a trace file instead)");
            }
        }
    }

    /** How long a level's traffic runs: its ramp and its windows; NaN when a window length is chosen later (auto). */
    private static double horizonSeconds(JsonNode server) {
        JsonNode traffic = server.path("traffic");
        JsonNode window = traffic.path("window_seconds");
        if (!window.isNumber() || !server.path("windows_per_level").isNumber()) {
            return Double.NaN;
        }
        return traffic.path("ramp_exclusion_seconds").asDouble(0)
                + server.path("windows_per_level").asInt() * window.asDouble();
    }

    /** A host meter beside a primary that already measures the host, or a host headline without a host meter. */
    private void checkDomains(JsonNode measurement) {
        String host = measurement.path("host_energy").asText(HostEnergy.NONE.wire());
        String sampler = measurement.path("energy_sampler").asText("");
        boolean none = host.equals(HostEnergy.NONE.wire());
        if (!none && EnergySource.fromWire(sampler).filter(s -> s != EnergySource.AUTO)
                .map(s -> EnergyDomain.of(s.wire()) == EnergyDomain.HOST).orElse(false)) {
            fail("measurement.host_energy", "must be none when energy_sampler is " + sampler
                    + " (the primary meter already measures the host)");
        }
        String headline = measurement.path("headline_domain").asText(HeadlineDomain.GPU.wire());
        if (none && !headline.equals(HeadlineDomain.GPU.wire())) {
            fail("measurement.headline_domain", "is " + headline + ", which needs a host meter: set"
                    + " measurement.host_energy (auto, rapl or cpu-estimate)");
        }
    }

    /**
     * {@code measurement.device_groups}: each name a plain word (it becomes a key in result.json and a part of the
     * windows.csv cell {@code name=0,1;…}), no device in two groups or twice in one, and every device among the GPUs
     * the study may use: {@code study_execution.gpu_indices} when set, the reference engine's {@code gpus}.
     */
    private void checkDeviceGroups(JsonNode groups, JsonNode gpus, JsonNode resolved) {
        if (!groups.isObject()) {
            return;
        }
        String at = "measurement.device_groups";
        Set<Long> allowed = new HashSet<>();
        gpus.forEach(g -> allowed.add(g.asLong()));
        boolean reference = resolved.path("engine").asText("").equals(EnginePreset.REFERENCE.id());
        long referenceGpus = resolved.path("reference").path("gpus").asLong(1);
        java.util.Map<Long, String> owner = new java.util.HashMap<>();
        groups.fields().forEachRemaining(g -> {
            String name = g.getKey();
            if (!name.matches("[A-Za-z0-9_-]+")) {
                fail(at, "group name '" + name + "' must be a non-empty word of letters, digits, '_' or '-'");
                return;
            }
            for (int i = 0; i < g.getValue().size(); i++) {
                long d = g.getValue().get(i).asLong();
                String path = KeyPaths.index(KeyPaths.child(at, name), i);
                String other = owner.putIfAbsent(d, name);
                if (other != null) {
                    fail(path, "GPU " + d + (other.equals(name) ? " is listed twice in group " + name
                            : " is already in group " + other) + ": a device belongs to one group at most");
                } else if (gpus.isArray() && !allowed.contains(d)) {
                    fail(path, "GPU " + d + " is not among study_execution.gpu_indices " + gpus);
                } else if (!gpus.isArray() && reference && d >= referenceGpus) {
                    fail(path, "GPU " + d + " does not exist: the reference engine simulates " + referenceGpus
                            + " GPU(s) (reference.gpus), indices 0.." + (referenceGpus - 1));
                }
            }
        });
    }

    private void checkServer(JsonNode raw) {
        if (given(raw, "offline")) {
            fail("offline", "applies only to serving_mode: offline (this experiment is server mode)");
        }
        boolean trace = given(raw, "server", "traffic", "trace");
        if (trace) {
            for (String key : List.of("rate", "arrival", "burstiness")) {
                if (given(raw, "server", "traffic", key)) {
                    fail("server.traffic." + key, "cannot be combined with server.traffic.trace "
                            + "(a trace replays its own recorded arrival times)");
                }
            }
        }
        JsonNode byRate = raw.path("server").path("traffic").path("window_seconds_by_rate");
        if (byRate.isObject()) {
            byRate.fieldNames().forEachRemaining(key -> {
                if (TrafficConfig.parseRateKey(key) == null) {
                    fail("server.traffic.window_seconds_by_rate." + key, "is not a rate: each key is a rate in"
                            + " requests/s > 0 (e.g. {2: 240, 10: 120}), each value that rate's window_seconds");
                }
            });
        }
        if (trace || given(raw, "server", "capacity_search")) {
            // a trace has no rate, so it uses window_seconds; a capacity search chooses its own rates
        } else if (!given(raw, "server", "traffic", "rate") && !rateMisplaced(raw)) {
            fail("server.traffic.rate", "is required in server mode: requests per second > 0 "
                    + "(several rates go under sweep: {server.traffic.rate: [...]})");
        }
    }

    /**
     * {@code task.sessions} (issue 32): conversations speak the chat API, run in server mode at a rate of sessions per
     * second, and are refused beside a trace (a session trace carries its own conversations) and a capacity search.
     */
    private void checkSessions(JsonNode raw, JsonNode resolved, String mode) {
        if ("sessions".equals(resolved.path("server").path("traffic").path("trace").path("format").asText())
                && !resolved.path("task").path("api").asText("").equals("chat")) {
            fail("server.traffic.trace.format", "sessions needs task.api: chat (each turn resends the conversation"
                    + " as chat messages)");
        }
        if (!given(raw, "task", "sessions")) {
            return;
        }
        DistributionKeys.check(raw.path("task").path("sessions").path("turns"),
                resolved.path("task").path("sessions").path("turns"), "task.sessions.turns", 1, baseDir, this::fail);
        DistributionKeys.check(raw.path("task").path("sessions").path("think_seconds"),
                resolved.path("task").path("sessions").path("think_seconds"), "task.sessions.think_seconds", 0,
                baseDir, this::fail);
        if (!resolved.path("task").path("api").asText("").equals("chat")) {
            fail("task.sessions", "needs task.api: chat (each turn resends the conversation as chat messages)");
        }
        if (mode.equals("offline")) {
            fail("task.sessions", "applies only to serving_mode: server (sessions start at server.traffic.rate per"
                    + " second)");
        }
        if (given(raw, "task", "shared_prefix")) {
            fail("task.shared_prefix", "cannot be combined with task.sessions: a turn's prompt is the conversation so"
                    + " far plus its new message, which already shares the conversation's prefix; task.input_tokens"
                    + " and task.output_tokens set each turn's message and answer lengths");
        }
        if (given(raw, "server", "traffic", "trace")) {
            fail("task.sessions", "cannot be combined with server.traffic.trace: a trace replays its own requests"
                    + " (a session trace, format sessions, carries its own conversations)");
        }
        if ("auto".equals(resolved.path("server").path("traffic").path("window_seconds").asText())) {
            fail("server.traffic.window_seconds", "auto cannot plan a session level's windows: it predicts them from"
                    + " a rate of requests per second, but with task.sessions the rate is sessions per second and"
                    + " the requests per second follow from how fast the server answers; give a number of seconds");
        }
        if (given(raw, "server", "capacity_search")) {
            fail("task.sessions", "cannot be combined with server.capacity_search: the search bisects a request rate"
                    + " against per-request latency bounds, but a session level's request rate follows from how fast"
                    + " the server answers (each later turn waits for the previous reply), so the rate it would find"
                    + " is not one it can set; sweep server.traffic.rate (sessions per second) instead");
        }
    }

    /**
     * {@code server.capacity_search}: the search chooses the rates, so no {@code traffic.rate} or trace; at least one
     * SLO bound, each on a latency column of windows.csv; a range and a tolerance.
     */
    private void checkCapacitySearch(JsonNode raw, JsonNode search) {
        if (!given(raw, "server", "capacity_search") || !search.isObject()) {
            return;
        }
        String at = "server.capacity_search";
        for (String key : List.of("rate", "trace")) {
            if (given(raw, "server", "traffic", key)) {
                fail("server.traffic." + key, "cannot be combined with " + at
                        + " (the search chooses the rates: remove it, or remove capacity_search)");
            }
        }
        JsonNode slo = search.path("slo");
        Set<LevelMetric> bounded = new HashSet<>();
        slo.fieldNames().forEachRemaining(key -> {
            LevelMetric m = LevelMetric.byName(key).filter(LevelMetric::isLatency).orElse(null);
            if (m == null) {
                fail(at + ".slo." + key, "is not a latency percentile; use one of " + String.join(", ",
                        LevelMetric.latencies().stream().map(LevelMetric::column).toList()));
            } else if (!bounded.add(m)) {
                fail(at + ".slo." + key, "bounds " + m.column() + " a second time");
            }
        });
        JsonNode writtenSlo = raw.path("server").path("capacity_search").path("slo");
        if (!writtenSlo.isObject() || writtenSlo.isEmpty()) {
            fail(at + ".slo", "needs at least one latency bound in ms, e.g. {ttft_p99_ms: 500, tpot_p50_ms: 15}");
        }
        for (String key : List.of("min_rate", "max_rate", "tolerance")) {
            if (!given(raw, "server", "capacity_search", key)) {
                fail(at + "." + key, "is required for a capacity search (req/s > 0)");
            }
        }
        if (search.path("min_rate").isNumber() && search.path("max_rate").isNumber()
                && search.path("max_rate").asDouble() <= search.path("min_rate").asDouble()) {
            fail(at + ".max_rate", "must be above min_rate (" + search.path("min_rate").asText() + " req/s)");
        }
    }

    /**
     * {@code window_seconds_auto} needs {@code window_seconds: auto} and bounds in order. A rate listed in
     * {@code window_seconds_by_rate} keeps its fixed length (docs/studies.md), so that pair is no error.
     */
    private void checkAutoWindow(JsonNode traffic) {
        if ("auto".equals(traffic.path("window_seconds").asText()) && !traffic.path("trace").isMissingNode()
                && !traffic.path("trace").isNull()) {
            fail("server.traffic.window_seconds", "auto needs a rate to plan windows from, and a trace replay has"
                    + " none: give the trace a number of seconds");
        }
        JsonNode auto = traffic.path("window_seconds_auto"); // resolved: absent bounds hold their defaults
        if (!auto.isObject()) {
            return;
        }
        if (!"auto".equals(traffic.path("window_seconds").asText())) {
            fail("server.traffic.window_seconds_auto", "applies only with server.traffic.window_seconds: auto"
                    + " (remove it, or set window_seconds: auto)");
        } else if (auto.path("min_seconds").isNumber() && auto.path("max_seconds").isNumber()
                && auto.path("max_seconds").asDouble() < auto.path("min_seconds").asDouble()) {
            fail("server.traffic.window_seconds_auto.max_seconds", "must be at least min_seconds ("
                    + auto.path("min_seconds").asText() + ")");
        }
    }

    /** True when the rate is missing only because something near it is already reported (no second error). */
    private boolean rateMisplaced(JsonNode raw) {
        JsonNode server = raw.path("server");
        JsonNode traffic = server.path("traffic");
        if (!server.isMissingNode() && !server.isObject() || !traffic.isMissingNode() && !traffic.isObject()) {
            return true;
        }
        if (sweptPaths.stream().anyMatch(p -> "server.traffic.rate".equals(
                KeySuggester.suggest(p, List.of("server.traffic.rate"))))) {
            return true;
        }
        List<String> keys = new java.util.ArrayList<>();
        traffic.fieldNames().forEachRemaining(keys::add);
        return keys.stream().anyMatch(k -> !k.equals("rate") && "rate".equals(KeySuggester.suggest(k, List.of("rate"))));
    }

    private void checkRunners(JsonNode raw, JsonNode resolved, String engine) {
        JsonNode runners = resolved.path("runners");
        runners.fieldNames().forEachRemaining(name -> {
            String value = runners.path(name).asText("");
            if (Runner.IN_PROCESS.is(value) && !name.equals(EnginePreset.REFERENCE.id())) {
                fail("runners." + name, "in-process runs only the reference engine; use process or container");
            }
        });
        String runner = runners.path(engine).asText(CellResolver.defaultRunner(engine));
        new EngineBlockRules(source, errors).check(raw, resolved, engine, runner);
        new EndpointRules(source, errors, sweptPaths).check(raw, engine, runner);
    }

    private void checkDatasetSource(JsonNode sourceNode) {
        if (!sourceNode.isTextual() || sourceNode.textValue().equals("builtin")) {
            return;
        }
        String text = sourceNode.textValue();
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.endsWith(".jsonl") && !lower.endsWith(".csv") && !lower.endsWith(".parquet")) {
            fail("task.dataset.source", "must be builtin or a path to a .jsonl, .csv or .parquet prompt file (got '"
                    + text + "')");
            return;
        }
        checkFile("task.dataset.source", text);
    }

    private void checkFile(String path, String file) {
        if (baseDir == null) {
            return;
        }
        Path resolved = baseDir.resolve(file).normalize();
        if (!Files.isRegularFile(resolved)) {
            fail(path, "file not found: " + resolved);
        }
    }

    private static boolean given(JsonNode raw, String... keys) {
        JsonNode at = raw;
        for (String key : keys) {
            if (at == null || !at.isObject() || !at.has(key)) {
                return false;
            }
            at = at.get(key);
        }
        return at != null && !at.isNull();
    }

    private void fail(String path, String rule) {
        errors.add(source.error(path, rule, null));
    }
}

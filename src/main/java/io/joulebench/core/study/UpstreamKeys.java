package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The llenergymeasure v0.7 study and experiment keys that Joulebench has no schema field for, read before the sweep is
 * expanded: each is either given its upstream meaning ({@code base} inheritance, {@code images}, the
 * {@code tensorrt} engine name, explicit nulls that mean "the default") or accepted and mapped to the nearest honest
 * Joulebench behaviour, and every one of them leaves exactly one note per key saying which, so that no upstream key
 * is ever silently dropped. Values are still checked for their upstream type; a wrong one is an error naming the key.
 * A study that uses none of these keys passes through unchanged (its hashes do not move).
 */
final class UpstreamKeys {

    /** Keys upstream strips from a {@code base:} file: they describe a study, not an experiment. */
    static final List<String> STUDY_ONLY = List.of("sweep", "experiments", "study_execution", "base", "study_name",
            "version", "runners", "images", "output");

    private static final JsonNodeFactory N = JsonNodeFactory.instance;
    private static final String TRT_UPSTREAM = "tensorrt";
    private static final String TRT = "trtllm";

    private final YamlDocument doc;
    private final Path baseDir;
    private final List<StudyError> errors;
    private final Collection<String> notes;
    private final Map<String, SourceLocation> locations;

    private UpstreamKeys(YamlDocument doc, Path baseDir, List<StudyError> errors, Collection<String> notes) {
        this.doc = doc;
        this.baseDir = baseDir;
        this.errors = errors;
        this.notes = notes;
        this.locations = new HashMap<>(doc.locations());
    }

    /** The document with upstream-only keys read and removed; problems go to {@code errors}, one note per key. */
    static YamlDocument apply(YamlDocument doc, Path baseDir, List<StudyError> errors, Collection<String> notes) {
        return new UpstreamKeys(doc, baseDir, errors, notes).run();
    }

    private YamlDocument run() {
        ObjectNode root = doc.root().deepCopy();
        inherit(root);
        JsonNode version = root.remove("version");
        if (version != null) {
            notes.add("version: " + SchemaBinder.describe(version) + " is accepted and not used (upstream's file "
                    + "version tag; Joulebench reads the v0.7 keys)");
        }
        output(root.remove("output"));
        renameTensorrt(root, "");
        TransformersEngine.apply(root, "", root.get("serving_mode"), doc, errors, notes);
        images(root, root.remove("images"));
        execution(root.get("study_execution"));
        experimentKeys(root, "");
        JsonNode experiments = root.get("experiments");
        if (experiments != null && experiments.isArray()) {
            for (int i = 0; i < experiments.size(); i++) {
                if (experiments.get(i) instanceof ObjectNode entry) {
                    String prefix = KeyPaths.index("experiments", i);
                    renameTensorrt(entry, prefix);
                    TransformersEngine.apply(entry, prefix, root.get("serving_mode"), doc, errors, notes);
                    experimentKeys(entry, prefix);
                }
            }
        }
        return new YamlDocument(doc.fileName(), root, locations);
    }

    /** {@code base: file.yaml}: the experiment file's top-level keys, relative to the study; inline keys win. */
    private void inherit(ObjectNode root) {
        JsonNode base = root.remove("base");
        if (base == null || base.isNull()) {
            return;
        }
        if (!base.isTextual() || base.textValue().isBlank()) {
            fail("base", "must be the path of an experiment file, relative to the study (got "
                    + SchemaBinder.describe(base) + ")");
            return;
        }
        Path given = Path.of(base.textValue());
        if (!given.isAbsolute() && baseDir == null) {
            notes.add("base: '" + base.textValue() + "' is not read until the study is saved (it resolves relative "
                    + "to the study's folder)");
            return;
        }
        Path file = given.isAbsolute() ? given : baseDir.resolve(given).normalize();
        if (!Files.isRegularFile(file)) {
            fail("base", "file not found: " + file + " (the path resolves relative to the study's folder, as upstream)");
            return;
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            fail("base", "cannot read " + file + ": " + e.getMessage());
            return;
        }
        YamlDocument inherited = new YamlTreeReader().read(file.getFileName().toString(), bytes, errors);
        if (inherited == null) {
            return;
        }
        SourceLocation at = doc.locate("base");
        List<String> taken = new ArrayList<>();
        inherited.root().fieldNames().forEachRemaining(key -> {
            if (!STUDY_ONLY.contains(key) && !root.has(key)) {
                taken.add(key);
            }
        });
        for (String key : taken) {
            root.set(key, inherited.root().get(key).deepCopy());
            locations.put(key, at);
        }
        notes.add("base: '" + base.textValue() + "' gives " + (taken.isEmpty() ? "no keys" : String.join(", ", taken))
                + "; keys written in the study replace the file's whole, as upstream");
    }

    private void output(JsonNode output) {
        if (output == null || output.isNull()) {
            return;
        }
        if (!output.isObject()) {
            fail("output", "must be a mapping with results_dir and save_timeseries (got "
                    + SchemaBinder.describe(output) + ")");
            return;
        }
        output.fieldNames().forEachRemaining(key -> {
            JsonNode v = output.get(key);
            String path = "output." + key;
            switch (key) {
                case "results_dir" -> {
                    if (!v.isNull() && !v.isTextual()) {
                        fail(path, "must be a folder path or null (got " + SchemaBinder.describe(v) + ")");
                    } else {
                        notes.add(path + ": " + SchemaBinder.describe(v) + " is not used: Joulebench writes the "
                                + "results folder under `joulebench run --out` (default ./results, as upstream's)");
                    }
                }
                case "save_timeseries" -> {
                    if (!v.isBoolean()) {
                        fail(path, "must be true or false (got " + SchemaBinder.describe(v) + ")");
                    } else {
                        notes.add(path + ": " + v.asText() + (v.booleanValue() ? " matches:" : " is not followed:")
                                + " Joulebench always writes each window's power samples"
                                + " (timeseries.csv, timeseries.parquet)");
                    }
                }
                default -> errors.add(StudyError.at(doc.fileName(), path, doc.locate(path), "unknown key",
                        KeySuggester.suggest(key, List.of("results_dir", "save_timeseries"))));
            }
        });
    }

    /** Upstream's engine is {@code tensorrt}; Joulebench's preset is {@code trtllm}. */
    private void renameTensorrt(ObjectNode node, String prefix) {
        rename(node, TRT_UPSTREAM, TRT, prefix);
        if (node.get("runners") instanceof ObjectNode runners) {
            rename(runners, TRT_UPSTREAM, TRT, KeyPaths.child(prefix, "runners"));
        }
        if (prefix.isEmpty() && node.get("sweep") instanceof ObjectNode sweep) {
            List<String> keys = new ArrayList<>();
            sweep.fieldNames().forEachRemaining(keys::add);
            if (keys.stream().noneMatch(k -> k.startsWith(TRT_UPSTREAM + "."))) {
                return;
            }
            ObjectNode renamed = N.objectNode();
            for (String key : keys) {
                String to = key.startsWith(TRT_UPSTREAM + ".") ? TRT + key.substring(TRT_UPSTREAM.length()) : key;
                renamed.set(to, sweep.get(key));
                if (!to.equals(key)) {
                    moveLocations("sweep." + key, "sweep." + to);
                    notes.add("sweep." + key + ": read as sweep." + to + " (upstream's engine tensorrt is Joulebench's "
                            + "trtllm preset)");
                }
            }
            node.set("sweep", renamed);
        }
    }

    private void rename(ObjectNode node, String from, String to, String prefix) {
        JsonNode value = node.get(from);
        if (value == null) {
            return;
        }
        String fromPath = KeyPaths.child(prefix, from);
        if (node.has(to)) {
            fail(fromPath, "names the same engine as " + KeyPaths.child(prefix, to) + "; keep one of them");
            return;
        }
        node.remove(from);
        node.set(to, value);
        moveLocations(fromPath, KeyPaths.child(prefix, to));
        notes.add(fromPath + ": read as " + KeyPaths.child(prefix, to)
                + " (upstream's engine tensorrt is Joulebench's trtllm preset, TensorRT-LLM's trtllm-serve)");
    }

    private void moveLocations(String from, String to) {
        for (Map.Entry<String, SourceLocation> e : doc.locations().entrySet()) {
            if (KeyPaths.isWithin(e.getKey(), from)) {
                locations.put(to + e.getKey().substring(from.length()), e.getValue());
            }
        }
    }

    /** {@code images: {vllm: IMAGE}}: the engine's container image, as the engine block's {@code image}. */
    private void images(ObjectNode root, JsonNode images) {
        if (images == null || images.isNull()) {
            return;
        }
        if (!images.isObject()) {
            fail("images", "must map engine names to container images (got " + SchemaBinder.describe(images) + ")");
            return;
        }
        images.fieldNames().forEachRemaining(given -> {
            String engine = given.equals(TRT_UPSTREAM) ? TRT : given;
            String path = "images." + given;
            JsonNode image = images.get(given);
            if (!StudySchema.CONTAINER_ENGINES.contains(engine)) {
                errors.add(StudyError.at(doc.fileName(), path, doc.locate(path), "names no engine with a container "
                        + "image; engines: " + String.join(", ", StudySchema.CONTAINER_ENGINES),
                        KeySuggester.suggest(given, StudySchema.CONTAINER_ENGINES)));
                return;
            }
            if (image.isNull()) {
                notes.add(path + ": null keeps the " + engine + " preset's image, as upstream's smart default");
                return;
            }
            if (!image.isTextual() || image.textValue().isBlank()) {
                fail(path, "must be a container image reference (got " + SchemaBinder.describe(image) + ")");
                return;
            }
            JsonNode block = root.get(engine);
            if (block instanceof ObjectNode b && b.hasNonNull("image")) {
                notes.add(path + ": not used; " + engine + ".image sets the image");
                return;
            }
            ObjectNode target = block instanceof ObjectNode b ? b : N.objectNode();
            target.put("image", image.textValue());
            root.set(engine, target);
            locations.putIfAbsent(engine, doc.locate(path));
            locations.put(engine + ".image", doc.locate(path));
            notes.add(path + ": '" + image.textValue() + "' is the " + engine + " container's image (as "
                    + engine + ".image)");
        });
    }

    private void execution(JsonNode exec) {
        if (!(exec instanceof ObjectNode e)) {
            return;
        }
        String p = "study_execution.";
        if (accept(e, "skip_preflight", Kind.BOOL)) {
            notes.add(p + "skip_preflight: accepted; Joulebench runs no Docker pre-flight (a server is judged by its "
                    + "readiness probe, which always runs)");
        }
        if (accept(e, "wall_clock_timeout_hours", Kind.POSITIVE_OR_NULL)) {
            notes.add(p + "wall_clock_timeout_hours: accepted, not enforced: Joulebench bounds each session "
                    + "(experiment_timeout_seconds, warmup timeout) but not the whole study; stop it with Ctrl-C and "
                    + "`joulebench resume`");
        }
        if (accept(e, "stdout_silence_timeout_seconds", Kind.NON_NEGATIVE)) {
            notes.add(p + "stdout_silence_timeout_seconds: accepted, not used: servers are watched by readiness and "
                    + "each request's read timeout (server.traffic.read_timeout_seconds), not by their log output");
        }
        JsonNode dedup = e.get("deduplicate_equivalent");
        if (accept(e, "deduplicate_equivalent", Kind.BOOL)) {
            notes.add(p + "deduplicate_equivalent: " + dedup.asText() + (dedup.asBoolean() ? " matches:"
                    : " is not followed:") + " cells with equal config hashes always run once");
        }
        for (String gap : List.of("experiment_gap_seconds", "cycle_gap_seconds")) {
            if (e.has(gap) && e.get(gap).isNull()) {
                e.remove(gap);
                notes.add(p + gap + ": null (upstream: the machine's default) is read as if the key were left out");
            }
        }
    }

    /** Keys an experiment may hold (the fixed config or an {@code experiments} entry), under {@code prefix}. */
    private void experimentKeys(ObjectNode node, String prefix) {
        if (node.get("measurement") instanceof ObjectNode m) {
            String p = KeyPaths.child(prefix, "measurement") + ".";
            if (accept(m, "latency_profiling", Kind.BOOL, p)) {
                notes.add(p + "latency_profiling: accepted; Joulebench always records TTFT and ITL per request in "
                        + "server mode (streamed, client-side) and records none offline");
            }
            JsonNode method = m.get("measurement_methodology");
            if (accept(m, "measurement_methodology", Kind.choice("total", "windowed", "steady_state"), p)) {
                notes.add(p + "measurement_methodology: '" + method.asText() + "' " + (method.asText().equals("total")
                        ? "matches Joulebench's offline mode (the whole run is integrated);"
                        : "is not applied: Joulebench's offline mode integrates the whole run (as 'total');")
                        + " server-mode windows follow server.traffic");
            }
            if (accept(m, "measurement_window", Kind.PAIR_OR_NULL, p)) {
                notes.add(p + "measurement_window: accepted, not applied (upstream's offline 'windowed' methodology)");
            }
            for (String key : List.of("warmup_discard_fraction", "warmup_discard_seconds", "steady_state_auto_detect")) {
                Kind kind = key.equals("steady_state_auto_detect") ? Kind.BOOL
                        : key.equals("warmup_discard_fraction") ? Kind.FRACTION : Kind.NON_NEGATIVE_OR_NULL;
                if (accept(m, key, kind, p)) {
                    notes.add(p + key + ": accepted, not applied (upstream's offline 'steady_state' methodology); "
                            + "server mode excludes server.traffic.ramp_exclusion_seconds before its windows");
                }
            }
            if (m.has("energy_sampler")) {
                JsonNode s = m.get("energy_sampler");
                String mapped = s.isNull() ? "auto" : switch (s.asText()) {
                    case "zeus" -> "nvml";
                    case "codecarbon" -> "auto";
                    default -> null;
                };
                if (mapped != null) {
                    m.put("energy_sampler", mapped);
                    notes.add(p + "energy_sampler: " + SchemaBinder.describe(s) + " is read as '" + mapped + "' ("
                            + (s.isNull() ? "upstream's null turns energy off; Joulebench always measures"
                            : s.asText().equals("zeus") ? "Zeus reads NVIDIA GPUs through NVML"
                            : "CodeCarbon reads NVML and RAPL; auto picks the best of those") + ")");
                }
            }
            if (m.get("baseline") instanceof ObjectNode b) {
                String bp = p + "baseline.";
                if (accept(b, "strategy", Kind.choice("cached", "validated", "fresh"), bp)) {
                    String s = SchemaBinder.describe(b.path("strategy"));
                    notes.add(bp + "strategy: " + s + (s.equals("'fresh'") ? " matches:" : " is read as 'fresh':")
                            + " Joulebench measures the idle baseline at the start of every session, never cached");
                }
                for (String key : List.of("cache_ttl_seconds", "validation_interval", "drift_threshold")) {
                    if (accept(b, key, Kind.POSITIVE, bp)) {
                        notes.add(bp + key + ": accepted, not used (baselines are measured fresh per session)");
                    }
                }
            }
        }
        if (node.get("offline") instanceof ObjectNode o) {
            String p = KeyPaths.child(prefix, "offline") + ".";
            if (accept(o, "warmup", Kind.MAPPING, p)) {
                notes.add(p + "warmup: accepted, not applied: Joulebench's offline mode runs its batch without a "
                        + "warmup phase or thermal-floor wait");
            }
        }
        if (node.get("task") instanceof ObjectNode t) {
            String p = KeyPaths.child(prefix, "task") + ".";
            if (t.get("dataset") instanceof ObjectNode d && "aienergyscore".equals(d.path("source").asText(null))) {
                String corpus = localCorpus();
                if (corpus != null) {
                    d.put("source", corpus);
                    notes.add(p + "dataset.source: 'aienergyscore' is read from the local copy " + corpus
                            + " (JOULEBENCH_AIENERGYSCORE)");
                }
            }
            if (t.has("max_input_tokens") && t.get("max_input_tokens").isNull()) {
                t.put("max_input_tokens", 1_000_000);
                notes.add(p + "max_input_tokens: null (no truncation, as upstream) is read as 1000000");
            }
            if (t.has("max_output_tokens") && t.get("max_output_tokens").isNull()) {
                t.remove("max_output_tokens");
                notes.add(p + "max_output_tokens: null (upstream: generate to EOS) is read as 256: every request "
                        + "carries max_tokens");
            }
        }
        if (node.get("server") instanceof ObjectNode s && s.get("traffic") instanceof ObjectNode traffic
                && traffic.has("window_seconds") && traffic.get("window_seconds").isNull()) {
            traffic.remove("window_seconds");
            notes.add(KeyPaths.child(prefix, "server.traffic.window_seconds")
                    + ": null is read as 240, upstream's default");
        }
        if (node.hasNonNull("passthrough_kwargs")) {
            notes.add(KeyPaths.child(prefix, "passthrough_kwargs") + ": forwarded to the engine as serve flags, "
                    + "after its engine_params (see the launch command in the run log)");
        }
        if (node.hasNonNull("sampling_preset")) {
            notes.add(KeyPaths.child(prefix, "sampling_preset") + ": " + SchemaBinder.describe(node.get("sampling_preset"))
                    + " is recorded (and hashed), not applied: requests use the server's default sampling");
        }
        for (String engine : StudySchema.CONTAINER_ENGINES) {
            if (node.get(engine) instanceof ObjectNode block && block.hasNonNull("sampling_params")) {
                notes.add(KeyPaths.child(prefix, engine + ".sampling_params") + ": recorded (and hashed), not sent: "
                        + "requests carry only max_tokens, so the server's default sampling applies");
            }
        }
    }

    /**
     * A local copy of upstream's AIEnergyScore corpus, a {@code .jsonl} file of {@code {"text": …}} or
     * {@code {"prompt": …}} rows, or the Hugging Face dataset's {@code .parquet} file (its {@code text} column): the {@code JOULEBENCH_AIENERGYSCORE} environment variable (or the
     * {@code joulebench.aienergyscore} system property), made absolute; null when unset.
     */
    static String localCorpus() {
        String given = System.getProperty("joulebench.aienergyscore", System.getenv("JOULEBENCH_AIENERGYSCORE"));
        return given == null || given.isBlank() ? null : Path.of(given).toAbsolutePath().normalize().toString();
    }

    private boolean accept(ObjectNode node, String key, Kind kind) {
        return accept(node, key, kind, "study_execution.");
    }

    /** Checks {@code key}'s value against its upstream type and removes it; true when it was there and valid. */
    private boolean accept(ObjectNode node, String key, Kind kind, String pathPrefix) {
        if (!node.has(key)) {
            return false;
        }
        JsonNode v = node.remove(key);
        String path = pathPrefix + key;
        String problem = kind.check(v);
        if (problem != null) {
            fail(path, problem + " (got " + SchemaBinder.describe(v) + ")");
            return false;
        }
        return true;
    }

    private void fail(String path, String rule) {
        errors.add(StudyError.at(doc.fileName(), path, doc.locate(path), rule));
    }

    /** Upstream's type of an accepted key; {@link #check} says what is wrong, or null. */
    private interface Kind {
        String check(JsonNode v);

        Kind BOOL = v -> v.isBoolean() ? null : "must be true or false";
        Kind MAPPING = v -> v.isObject() || v.isNull() ? null : "must be a mapping";
        Kind POSITIVE = v -> v.isNumber() && v.doubleValue() > 0 ? null : "must be a number > 0";
        Kind POSITIVE_OR_NULL = v -> v.isNull() ? null : POSITIVE.check(v);
        Kind NON_NEGATIVE = v -> v.isNumber() && v.doubleValue() >= 0 ? null : "must be a number >= 0";
        Kind NON_NEGATIVE_OR_NULL = v -> v.isNull() ? null : NON_NEGATIVE.check(v);
        Kind FRACTION = v -> v.isNumber() && v.doubleValue() >= 0 && v.doubleValue() < 1 ? null
                : "must be a number in [0, 1)";
        Kind PAIR_OR_NULL = v -> v.isNull() || v.isArray() && v.size() == 2 && v.get(0).isNumber()
                && v.get(1).isNumber() && v.get(0).doubleValue() >= 0 && v.get(1).doubleValue() > v.get(0).doubleValue()
                ? null : "must be [start_sec, end_sec] with 0 <= start < end, or null";

        static Kind choice(String... values) {
            List<String> allowed = List.of(values);
            return v -> v.isTextual() && allowed.contains(v.textValue()) ? null
                    : "must be one of " + String.join(", ", allowed);
        }
    }
}

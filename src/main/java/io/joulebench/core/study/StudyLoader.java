package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a study file strictly: parse with locations ({@link YamlTreeReader}), expand sweep and experiments
 * ({@link StudyExpander}), bind and check every cell ({@link CellResolver}), check prompt files, then hash and
 * deduplicate. All problems in the file are reported together in one {@link StudyValidationException}.
 */
public final class StudyLoader {

    /**
     * Upstream's CLI ({@code llem run}) fills what a study leaves out of {@code study_execution} with research
     * defaults rather than its library's (1 cycle, sequential, no gaps): 3 cycles, {@code shuffle}, and the machine's
     * thermal gaps (60 s between experiments, 300 s between cycles).
     */
    public static final Map<String, Object> UPSTREAM_CLI_DEFAULTS = java.util.Collections.unmodifiableMap(
            new LinkedHashMap<>(Map.of("n_cycles", 3, "experiment_order", ExperimentOrder.SHUFFLE.wire(), "experiment_gap_seconds", 60.0,
                    "cycle_gap_seconds", 300.0)));
    /** How the note that says upstream's CLI defaults were applied begins (resume reads it back). */
    public static final String CLI_DEFAULTS_NOTE = "study_execution: upstream's CLI defaults for what the study leaves out";

    private final boolean cliDefaults;

    /** A loader with upstream's library defaults (1 cycle, sequential, no gaps): the workbench, tests. */
    public StudyLoader() {
        this(false);
    }

    private StudyLoader(boolean cliDefaults) {
        this.cliDefaults = cliDefaults;
    }

    /** A loader that, like {@code llem run}, fills omitted execution keys with {@link #UPSTREAM_CLI_DEFAULTS}. */
    public static StudyLoader withUpstreamCliDefaults() {
        return new StudyLoader(true);
    }

    /** Loads and validates a study file; relative paths in it resolve against its folder. */
    public Study load(Path file) throws StudyValidationException {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try {
            if (!Files.exists(file)) {
                throw single(name, "file not found: " + file.toAbsolutePath());
            }
            if (!Files.isRegularFile(file)) {
                throw single(name, "is not a regular file: " + file.toAbsolutePath());
            }
            if (Files.size(file) > YamlTreeReader.MAX_BYTES) {
                throw single(name, "file is " + Files.size(file) + " bytes; study files are limited to 1 MiB ("
                        + YamlTreeReader.MAX_BYTES + " bytes) — is this the right file?");
            }
            byte[] bytes = Files.readAllBytes(file);
            Path dir = file.toAbsolutePath().getParent();
            return parse(name, bytes, dir, file);
        } catch (IOException e) {
            throw single(name, "cannot read the file: " + e.getMessage());
        }
    }

    /** Validates study text held in memory (the GUI editor); {@code baseDir} may be null to skip file checks. */
    public Study parse(String fileName, byte[] content, Path baseDir) throws StudyValidationException {
        return parse(fileName, content, baseDir, null);
    }

    private Study parse(String fileName, byte[] content, Path baseDir, Path source) throws StudyValidationException {
        List<StudyError> errors = new ArrayList<>();
        YamlDocument doc = new YamlTreeReader().read(fileName, content, errors);
        if (doc == null) {
            throw failure(errors);
        }
        Set<String> notes = new LinkedHashSet<>();
        JsonNode written = doc.root();
        doc = UpstreamKeys.apply(doc, baseDir, errors, notes);
        List<StudyExpander.Draft> drafts = StudyExpander.expand(doc, errors);
        Set<String> modes = new LinkedHashSet<>();
        drafts.forEach(d -> modes.add(d.tree().path("serving_mode").asText("")));
        if (modes.size() > 1) {
            String at = doc.root().path("sweep").has("serving_mode") ? "sweep.serving_mode" : "serving_mode";
            errors.add(StudyError.at(doc.fileName(), at, doc.locate(at), "mixes serving modes (" + String.join(", ", modes)
                    + "); as upstream at v0.7, a study is all server or all offline: run one study per mode"));
            throw failure(WrittenKeyPaths.asWritten(written, errors));
        }
        List<CellResolver.Resolved> resolved = new ArrayList<>();
        List<StudyExpander.Draft> kept = new ArrayList<>();
        for (StudyExpander.Draft draft : drafts) {
            CellResolver.Resolved r = CellResolver.resolve(draft, baseDir, errors, notes);
            if (r != null) {
                resolved.add(r);
                kept.add(draft);
            }
        }
        if (errors.isEmpty()) {
            EndpointRules.checkAcrossCells(resolved, kept, errors);
            checkPromptFiles(resolved, kept, baseDir, errors);
        }
        if (!errors.isEmpty()) {
            throw failure(WrittenKeyPaths.asWritten(written, errors));
        }
        ObjectNode first = resolved.get(0).study();
        String studyName = first.path("study_name").isTextual() ? first.get("study_name").textValue() : stem(fileName);
        ExecutionConfig execution = ExperimentConfigReader.execution(cliDefaults
                ? cliExecution(doc.root().path("study_execution"), first.path("study_execution"), notes)
                : first.path("study_execution"));
        if (cliDefaults) {
            OmittedUpstreamDefaults.note(doc.root(), notes);
        }
        CapacityFractions.split(resolved, kept);
        List<GridCell> cells = deduplicate(resolved, kept, notes);
        List<String> warnings = new ArrayList<>();
        replacedBaseValues(doc, baseDir, notes, warnings);
        engineParamWarnings(cells, warnings);
        return new Study(fileName, source, baseDir, studyName, CanonicalJson.hash(doc.root()), doc.root(), execution, cells,
                List.copyOf(notes), warnings);
    }

    /**
     * A fixed-config value that a sweep axis replaces in every cell is never used and so never checked: say so
     * (key and line), and warn when it would not have been valid on its own ({@code rate: fast} under a rate
     * sweep). With explicit {@code experiments} the base value is used by them and checked there.
     */
    private static void replacedBaseValues(YamlDocument doc, Path baseDir, Set<String> notes, List<String> warnings) {
        JsonNode sweep = doc.root().get("sweep");
        JsonNode experiments = doc.root().get("experiments");
        if (sweep == null || !sweep.isObject() || (experiments != null && !experiments.isNull())) {
            return;
        }
        ObjectNode base = doc.root().deepCopy();
        base.remove("sweep");
        List<String> replaced = new ArrayList<>();
        sweep.fieldNames().forEachRemaining(path -> {
            JsonNode given = base.at("/" + path.replace('.', '/'));
            if (!given.isMissingNode() && sweep.get(path).isArray() && !sweep.get(path).isEmpty()) {
                replaced.add(path);
            }
        });
        if (replaced.isEmpty()) {
            return;
        }
        // The fixed config alone, checked as if it were the only cell; only problems at a replaced key count.
        List<StudyError> alone = new ArrayList<>();
        CellResolver.resolve(new StudyExpander.Draft(base, new CellSource(doc), "", Set.of()), baseDir, alone,
                new LinkedHashSet<>());
        for (String path : replaced) {
            String value = SchemaBinder.describe(base.at("/" + path.replace('.', '/')));
            String where = StudyError.at(doc.fileName(), path, doc.locate(path), "").format();
            String text = where + value + " is replaced by sweep." + path + " in every cell, so it is never used";
            StudyError invalid = alone.stream().filter(e -> KeyPaths.isWithin(e.keyPath(), path)).findFirst()
                    .orElse(null);
            if (invalid == null) {
                notes.add(text);
            } else {
                warnings.add(text + "; on its own it would not be valid: " + invalid.rule());
            }
        }
    }

    /** The bound execution block with upstream's CLI defaults for the keys the file leaves out, said in one note. */
    private static JsonNode cliExecution(JsonNode given, JsonNode bound, Set<String> notes) {
        ObjectNode effective = bound.isObject() ? ((ObjectNode) bound).deepCopy() : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        List<String> applied = new ArrayList<>();
        UPSTREAM_CLI_DEFAULTS.forEach((key, value) -> {
            if (!given.has(key) || given.get(key).isNull()) {
                if (value instanceof Integer i) {
                    effective.put(key, i);
                } else if (value instanceof Double d) {
                    effective.put(key, d);
                } else {
                    effective.put(key, value.toString());
                }
                JsonNode v = effective.get(key);
                applied.add(key + " " + (v.isTextual() ? v.textValue() : CanonicalJson.number(v)));
            }
        });
        if (!applied.isEmpty()) {
            notes.add(CLI_DEFAULTS_NOTE + " (as llem run): " + String.join(", ", applied)
                    + "; write them in study_execution to choose others");
        }
        return effective;
    }

    /** An engine parameter with no flag Joulebench knows is passed through, as upstream does, and warned about once. */
    private static void engineParamWarnings(List<GridCell> cells, List<String> warnings) {
        Set<String> said = new LinkedHashSet<>();
        for (GridCell cell : cells) {
            String engine = cell.experiment().engine();
            for (String line : ExperimentConfigReader.engineFlags(cell.config(), engine).unknown()) {
                said.add(engine + ".engine_params." + line);
            }
        }
        warnings.addAll(said);
    }

    private static List<GridCell> deduplicate(List<CellResolver.Resolved> resolved, List<StudyExpander.Draft> drafts,
                                              Set<String> notes) {
        Map<String, GridCell> byHash = new LinkedHashMap<>();
        for (int i = 0; i < resolved.size(); i++) {
            ObjectNode exp = resolved.get(i).experiment();
            String hash = CanonicalJson.configHash(exp);
            String label = drafts.get(i).label().isEmpty() ? "cell " + i : drafts.get(i).label();
            GridCell existing = byHash.get(hash);
            if (existing != null) {
                notes.add("'" + label + "' resolves to the same config as '" + existing.label() + "' (hash " + hash
                        + "); it is run once");
                continue;
            }
            byHash.put(hash, new GridCell(byHash.size(), label, exp, hash, ExperimentConfigReader.read(exp)));
        }
        return new ArrayList<>(byHash.values());
    }

    private static void checkPromptFiles(List<CellResolver.Resolved> resolved, List<StudyExpander.Draft> drafts,
                                         Path baseDir, List<StudyError> errors) {
        Map<String, String> checked = new HashMap<>();
        for (int i = 0; i < resolved.size(); i++) {
            ExperimentConfig exp = ExperimentConfigReader.read(resolved.get(i).experiment());
            DatasetConfig dataset = exp.task().dataset();
            if (!dataset.isBuiltin() && baseDir == null) {
                continue;
            }
            String key = dataset.source() + "#" + dataset.nPrompts();
            if (checked.containsKey(key)) {
                continue;
            }
            checked.put(key, key);
            try {
                PromptDataset.load(dataset, baseDir, exp.task().randomSeed());
            } catch (PromptDatasetException e) {
                String path = e.problems().stream().allMatch(p -> p.line() == 0) && e.getMessage().contains("n_prompts")
                        ? "task.dataset.n_prompts" : "task.dataset.source";
                errors.add(drafts.get(i).source().error(path, e.getMessage(), null));
            }
        }
    }

    private static StudyValidationException failure(List<StudyError> errors) {
        Map<String, StudyError> unique = new LinkedHashMap<>();
        for (StudyError e : errors) {
            unique.putIfAbsent(e.format(), e);
        }
        List<StudyError> sorted = new ArrayList<>(unique.values());
        sorted.sort(Comparator.comparingInt(StudyError::line).thenComparingInt(StudyError::column));
        return new StudyValidationException(sorted);
    }

    private static StudyValidationException single(String fileName, String rule) {
        return new StudyValidationException(List.of(StudyError.at(fileName, "", SourceLocation.UNKNOWN, rule)));
    }

    private static String stem(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }
}

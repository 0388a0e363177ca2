package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.parquet.ParquetStrings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Prompts for a study: the builtin set shipped in the resources (written for Joulebench, no download) or a user's
 * JSONL ({@code prompt} or {@code text} field, optional {@code category}), CSV ({@code prompt} or {@code text}
 * column, optional {@code category}) or Parquet ({@code prompt} or {@code text} string column, as the AIEnergyScore
 * dataset's {@code text}; read by {@link ParquetStrings}) file. Bad rows are reported with their line numbers.
 */
public final class PromptDataset {

    public static final String BUILTIN_RESOURCE = "/io/joulebench/prompts/builtin.jsonl";
    /** Prompt files above this size are refused. */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static volatile List<Prompt> builtin;

    private PromptDataset() {
    }

    /** The prompts a task uses: read, ordered (seeded for shuffled), then the first {@code nPrompts}. */
    public static List<String> load(DatasetConfig config, Path baseDir, long seed) throws PromptDatasetException {
        List<Prompt> all;
        String name;
        if (config.isBuiltin()) {
            all = builtin();
            name = "builtin";
        } else {
            Path file = Study.resolve(baseDir, config.source());
            all = readFile(file);
            name = file.getFileName().toString();
        }
        if (config.nPrompts() > all.size()) {
            throw new PromptDatasetException(name, 0, "n_prompts is " + config.nPrompts() + " but the dataset has only "
                    + all.size() + " prompts");
        }
        List<String> out = new ArrayList<>();
        for (Prompt p : order(all, config.order(), seed).subList(0, config.nPrompts())) {
            out.add(p.text());
        }
        return out;
    }

    /** The builtin prompt set, read once. */
    public static List<Prompt> builtin() {
        List<Prompt> b = builtin;
        if (b == null) {
            try (InputStream in = PromptDataset.class.getResourceAsStream(BUILTIN_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the builtin prompt set is missing from the build: " + BUILTIN_RESOURCE);
                }
                b = parseJsonl("builtin.jsonl", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException | PromptDatasetException e) {
                throw new IllegalStateException("the builtin prompt set is unreadable", e);
            }
            builtin = b;
        }
        return b;
    }

    /** Reads a .jsonl, .csv or .parquet prompt file. */
    public static List<Prompt> readFile(Path file) throws PromptDatasetException {
        String name = file.getFileName().toString();
        try {
            if (!Files.isRegularFile(file)) {
                throw new PromptDatasetException(name, 0, "file not found: " + file);
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new PromptDatasetException(name, 0, "file is larger than 64 MiB");
            }
            if (name.toLowerCase(java.util.Locale.ROOT).endsWith(".parquet")) {
                return parquet(file);
            }
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            return name.toLowerCase(java.util.Locale.ROOT).endsWith(".csv") ? CsvPrompts.parse(name, text)
                    : parseJsonl(name, text);
        } catch (IOException e) {
            throw new PromptDatasetException(name, 0, "cannot read: " + e.getMessage());
        }
    }

    /** A Parquet file's {@code prompt} (else {@code text}) column; a null or blank value is a problem at its row. */
    static List<Prompt> parquet(Path file) throws PromptDatasetException, IOException {
        String name = file.getFileName().toString();
        ParquetStrings.Column column;
        try {
            column = ParquetStrings.read(file, List.of("prompt", "text"));
        } catch (ParquetStrings.Unreadable e) {
            throw new PromptDatasetException(name, 0, e.getMessage());
        }
        List<Prompt> out = new ArrayList<>();
        List<PromptDatasetException.Problem> problems = new ArrayList<>();
        for (int i = 0; i < column.values().size(); i++) {
            String v = column.values().get(i);
            if (v == null || v.isBlank()) {
                problems.add(new PromptDatasetException.Problem(0, "row " + (i + 1) + " has no " + column.name()
                        + " (null or empty)"));
            } else {
                out.add(new Prompt(v, ""));
            }
        }
        return checked(name, out, problems);
    }

    static List<Prompt> parseJsonl(String name, String text) throws PromptDatasetException {
        List<Prompt> out = new ArrayList<>();
        List<PromptDatasetException.Problem> problems = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            int lineNo = i + 1;
            JsonNode row;
            try {
                row = JSON.readTree(line);
            } catch (IOException e) {
                problems.add(new PromptDatasetException.Problem(lineNo, "not valid JSON"));
                continue;
            }
            if (row == null || !row.isObject()) {
                problems.add(new PromptDatasetException.Problem(lineNo, "must be a JSON object with a \"prompt\" field"));
                continue;
            }
            JsonNode prompt = row.has("prompt") ? row.get("prompt") : row.get("text");
            if (prompt == null || !prompt.isTextual()) {
                problems.add(new PromptDatasetException.Problem(lineNo, "has no \"prompt\" (or \"text\") string field"));
            } else if (prompt.textValue().isBlank()) {
                problems.add(new PromptDatasetException.Problem(lineNo, "has an empty prompt"));
            } else {
                out.add(new Prompt(prompt.textValue(), row.path("category").asText("")));
            }
        }
        return checked(name, out, problems);
    }

    static List<Prompt> checked(String name, List<Prompt> out, List<PromptDatasetException.Problem> problems)
            throws PromptDatasetException {
        if (!problems.isEmpty()) {
            throw new PromptDatasetException(name, problems);
        }
        if (out.isEmpty()) {
            throw new PromptDatasetException(name, 0, "holds no prompts");
        }
        return List.copyOf(out);
    }

    /** Interleaved: categories in turn; grouped: category by category; shuffled: seeded shuffle. */
    static List<Prompt> order(List<Prompt> prompts, PromptOrder order, long seed) {
        if (order == PromptOrder.SHUFFLED) {
            List<Prompt> copy = new ArrayList<>(prompts);
            Collections.shuffle(copy, new Random(seed));
            return copy;
        }
        Map<String, List<Prompt>> byCategory = new LinkedHashMap<>();
        for (Prompt p : prompts) {
            byCategory.computeIfAbsent(p.category(), k -> new ArrayList<>()).add(p);
        }
        List<Prompt> out = new ArrayList<>(prompts.size());
        if (order == PromptOrder.GROUPED) {
            byCategory.values().forEach(out::addAll);
            return out;
        }
        for (int i = 0; out.size() < prompts.size(); i++) {
            for (List<Prompt> group : byCategory.values()) {
                if (i < group.size()) {
                    out.add(group.get(i));
                }
            }
        }
        return out;
    }
}

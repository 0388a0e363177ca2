package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.study.DistributionKeys;
import io.joulebench.core.study.GridCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.TaskConfig;
import io.joulebench.core.workload.Distribution;
import io.joulebench.core.workload.LengthMix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The request-lengths section's preview: histograms of the input and output lengths the run will draw, from the same
 * seeded sampler ({@link LengthMix} over {@code task.random_seed}). While typing it follows the study's tree (one
 * pair); once the study checks, a plan whose levels draw different lengths (e.g. {@code task.input_tokens} swept)
 * gets one pair per distinct configuration, labelled with its levels, from the study's own cells. Empty when the
 * study sets no length mix; an empirical distribution, whose file is read at run time, is not drawn here.
 */
public final class LengthPreviewViewModel {

    /** Requests drawn for a preview. */
    static final int DRAWS = 2000;
    /** Bars per histogram. */
    static final int BINS = 24;
    private static final String EMPIRICAL = "An empirical distribution is drawn from its file when the study runs.";

    /** Counts of {@code counts.length} equal bins from {@code from} to {@code to}, and the drawn mean. */
    public record Histogram(double from, double to, int[] counts, double mean) {
    }

    /**
     * The lengths of one configuration: {@code label} names its levels ("" when the whole study draws the same),
     * {@code output} is null when output lengths are not forced.
     */
    public record Level(String label, Histogram input, Histogram output) {
    }

    private final StudyDocument document;
    private final ReadOnlyObjectWrapper<Histogram> input = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Histogram> output = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
    private final ObservableList<Level> levels = FXCollections.observableArrayList();
    private final ObservableList<Level> readOnlyLevels = FXCollections.unmodifiableObservableList(levels);
    /** Whether {@link #levels} shows a checked study's several configurations (kept while the next check runs). */
    private boolean perLevel;

    public LengthPreviewViewModel(StudyDocument document) {
        this.document = document;
        document.onTreeChanged(this::refresh);
        refresh();
    }

    private void refresh() {
        JsonNode task = document.tree() == null ? null : document.tree().path("task");
        LengthMix mix = task == null ? null : DistributionKeys.lengthMix(task);
        if (mix == null || empirical(mix)) {
            input.set(null);
            output.set(null);
            if (!perLevel) {
                levels.clear();
                note.set(mix == null ? "" : EMPIRICAL);
            }
            return;
        }
        long seed = task.path("random_seed").asLong(42);
        Level drawn = draw("", mix, seed);
        input.set(drawn.input());
        output.set(drawn.output());
        if (!perLevel) {
            levels.setAll(drawn);
            note.set(String.format(Locale.ROOT, "%d requests drawn with seed %d, as the run draws them%s", DRAWS,
                    seed, mix.prefix() == null ? ""
                            : "; prompts include the " + mix.prefix().prefixTokens() + "-token shared prefix"));
        }
    }

    /**
     * The last checked study (null while the text does not check): when its levels draw different lengths, the
     * preview shows one pair of histograms per configuration; otherwise it follows the tree as while typing.
     */
    public void showStudy(Study study) {
        if (study == null) {
            return; // keep what is shown until the text checks again
        }
        List<Level> byConfig = perConfiguration(study);
        perLevel = byConfig.size() > 1;
        if (!perLevel) {
            refresh();
            return;
        }
        levels.setAll(byConfig);
        boolean skipped = study.cells().stream().anyMatch(c -> c.experiment().isServer() && c.experiment().task().lengthMix()
                != null && empirical(c.experiment().task().lengthMix()));
        note.set(String.format(Locale.ROOT, "%d requests drawn per configuration with its levels' seed, as the run"
                + " draws them%s", DRAWS, skipped ? ". " + EMPIRICAL : ""));
    }

    /**
     * One {@link Level} per distinct length configuration (mix and seed) among the study's server cells, in the
     * order of the study's cells, labelled with what its levels share.
     */
    static List<Level> perConfiguration(Study study) {
        record Config(LengthMix mix, long seed) {
        }
        Map<Config, List<String>> labels = new LinkedHashMap<>();
        for (GridCell cell : study.cells()) {
            TaskConfig task = cell.experiment().task();
            if (cell.experiment().isServer() && task.lengthMix() != null && !empirical(task.lengthMix())) {
                labels.computeIfAbsent(new Config(task.lengthMix(), task.randomSeed()), k -> new ArrayList<>())
                        .add(cell.label());
            }
        }
        List<Level> out = new ArrayList<>();
        labels.forEach((config, cells) -> out.add(draw(label(cells), config.mix(), config.seed())));
        return out;
    }

    /**
     * What the labels of a configuration's cells have in common, then its levels by what sets them apart:
     * {@code mean=256 · 2 levels: rate=1; rate=2}.
     */
    static String label(List<String> cellLabels) {
        if (cellLabels.size() == 1) {
            return cellLabels.getFirst();
        }
        List<String> common = new ArrayList<>(parts(cellLabels.getFirst()));
        cellLabels.forEach(l -> common.retainAll(parts(l)));
        List<String> rest = cellLabels.stream().map(l -> {
            List<String> own = new ArrayList<>(parts(l));
            own.removeAll(common);
            return String.join(", ", own);
        }).toList();
        String levelsText = cellLabels.size() + " levels: " + String.join("; ", rest);
        return common.isEmpty() ? levelsText : String.join(", ", common) + " · " + levelsText;
    }

    /** A cell label's parts ("rate=2, task.input_tokens.mean=400"), split at commas outside braces. */
    private static List<String> parts(String label) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            depth += c == '{' || c == '[' ? 1 : c == '}' || c == ']' ? -1 : 0;
            if (c == ',' && depth == 0) {
                out.add(label.substring(start, i).trim());
                start = i + 1;
            }
        }
        out.add(label.substring(start).trim());
        return out;
    }

    private static boolean empirical(LengthMix mix) {
        return mix.input() instanceof Distribution.Empirical || mix.output() instanceof Distribution.Empirical;
    }

    private static Level draw(String label, LengthMix mix, long seed) {
        int[][] drawn = mix.draw(seed, DRAWS);
        return new Level(label, histogram(drawn[0]), mix.output() == null ? null : histogram(drawn[1]));
    }

    static Histogram histogram(int[] values) {
        int min = java.util.Arrays.stream(values).min().orElse(0);
        int max = java.util.Arrays.stream(values).max().orElse(0);
        double from = min;
        double to = max > min ? max + 1 : min + 1;
        int[] counts = new int[BINS];
        for (int v : values) {
            counts[Math.min(BINS - 1, (int) ((v - from) / (to - from) * BINS))]++;
        }
        return new Histogram(from, to, counts, java.util.Arrays.stream(values).average().orElse(0));
    }

    /** The histograms shown: one pair for the study, or one per length configuration of its levels. */
    public ObservableList<Level> levels() {
        return readOnlyLevels;
    }

    /** The tree's input histogram (as while typing). */
    public ReadOnlyObjectProperty<Histogram> inputProperty() {
        return input.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Histogram> outputProperty() {
        return output.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }
}

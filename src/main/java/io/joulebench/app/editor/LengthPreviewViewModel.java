package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.study.DistributionKeys;
import io.joulebench.core.workload.Distribution;
import io.joulebench.core.workload.LengthMix;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The request-lengths section's preview: histograms of the input and output lengths the run will draw, from the same
 * seeded sampler ({@link LengthMix} over {@code task.random_seed}), refreshed on every new tree. Empty (null) when
 * the study sets no length mix; an empirical distribution, whose file is read at run time, is not drawn here.
 */
public final class LengthPreviewViewModel {

    /** Requests drawn for a preview. */
    static final int DRAWS = 2000;
    /** Bars per histogram. */
    static final int BINS = 24;

    /** Counts of {@code counts.length} equal bins from {@code from} to {@code to}, and the drawn mean. */
    public record Histogram(double from, double to, int[] counts, double mean) {
    }

    private final StudyDocument document;
    private final ReadOnlyObjectWrapper<Histogram> input = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Histogram> output = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");

    public LengthPreviewViewModel(StudyDocument document) {
        this.document = document;
        document.onTreeChanged(this::refresh);
        refresh();
    }

    private void refresh() {
        JsonNode task = document.tree() == null ? null : document.tree().path("task");
        LengthMix mix = task == null ? null : DistributionKeys.lengthMix(task);
        if (mix == null || mix.input() instanceof Distribution.Empirical
                || mix.output() instanceof Distribution.Empirical) {
            input.set(null);
            output.set(null);
            note.set(mix == null ? "" : "An empirical distribution is drawn from its file when the study runs.");
            return;
        }
        int[][] drawn = mix.draw(task.path("random_seed").asLong(42), DRAWS);
        input.set(histogram(drawn[0]));
        output.set(mix.output() == null ? null : histogram(drawn[1]));
        note.set(String.format(java.util.Locale.ROOT, "%d requests drawn with seed %d, as the run draws them%s",
                DRAWS, task.path("random_seed").asLong(42), mix.prefix() == null ? ""
                        : "; prompts include the " + mix.prefix().prefixTokens() + "-token shared prefix"));
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

package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.study.TraceConfig;
import io.joulebench.core.traffic.TraceFormatException;
import io.joulebench.core.traffic.trace.TraceFormat;
import io.joulebench.core.traffic.trace.TraceProfile;
import io.joulebench.core.traffic.trace.TraceSlice;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The traffic section's trace: the file, its format (detected or named), the slice and the time scale, read from and
 * written into {@code server.traffic.trace} (a plain {@code trace: FILE} becomes the mapping on the first edit; a
 * list of time scales is the sweep axis {@code server.traffic.trace.time_scale}); and the plan preview of the slice,
 * a {@link TraceProfile} read on the background executor. A preview whose inputs changed is cancelled (its reading
 * thread interrupted) and its outcome dropped. A bad file shows the reader's line-numbered message. Call from the UI
 * thread.
 */
public final class TraceSettingsViewModel {

    public static final String TRACE_PATH = "server.traffic.trace";
    public static final String TIME_SCALE_AXIS = TRACE_PATH + ".time_scale";

    /** The editable settings; each one's key in the mapping is its name in lower case. */
    public enum Setting {
        FILE, FORMAT, START_SECONDS, DURATION_SECONDS, TIME_SCALE;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What a preview is computed from; a new one differing from the last starts a new computation. */
    record Inputs(Path file, TraceFormat format, double start, Double duration, double timeScale, int blockSize) {
    }

    private final StudyDocument document;
    private final Supplier<Path> studyFolder;
    private final Executor background;
    private final UiExecutor ui;
    private final java.util.Map<Setting, StringProperty> values = new java.util.EnumMap<>(Setting.class);
    private final StringProperty detected = new SimpleStringProperty("");
    private final StringProperty message = new SimpleStringProperty("");
    private final ObjectProperty<TraceProfile> preview = new SimpleObjectProperty<>();
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty();
    private final SimpleBooleanProperty present = new SimpleBooleanProperty();
    /** Inputs of the preview shown or being read; {@link #UNSET} forces the next refresh to read. */
    private Object last = UNSET;
    private static final Object UNSET = new Object();
    private FutureTask<?> running;
    private long generation;

    /**
     * @param studyFolder the folder a relative trace file is resolved in (the study's, or the working folder for a
     *                    study not saved yet)
     * @param background  reads the slice (never the UI thread in the workbench; tests pass a direct executor)
     */
    public TraceSettingsViewModel(StudyDocument document, Supplier<Path> studyFolder, Executor background,
            UiExecutor ui) {
        this.document = document;
        this.studyFolder = studyFolder;
        this.background = background;
        this.ui = ui;
        for (Setting s : Setting.values()) {
            values.put(s, new SimpleStringProperty(""));
        }
        document.onTreeChanged(this::refresh);
        refresh();
    }

    /** The text a setting shows. */
    public ReadOnlyStringProperty valueProperty(Setting s) {
        return values.get(s);
    }

    /** "mooncake (detected)", "azure (named)"; empty without a readable file. */
    public ReadOnlyStringProperty detectedProperty() {
        return detected;
    }

    /** Why the trace cannot be previewed: the reader's message naming file, line and field; empty when it can. */
    public ReadOnlyStringProperty messageProperty() {
        return message;
    }

    /** The slice's profile at the first time scale; null while none is known. */
    public ReadOnlyObjectProperty<TraceProfile> previewProperty() {
        return preview;
    }

    /** A preview is being read. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** The study replays a trace. */
    public ReadOnlyBooleanProperty presentProperty() {
        return present;
    }

    /** The time scales the study replays at: the sweep axis, else the mapping's one value, else 1. */
    public List<Double> timeScales() {
        JsonNode axis = StudyYaml.sweepAxis(document.tree(), TIME_SCALE_AXIS);
        List<Double> out = new ArrayList<>();
        if (axis != null && axis.isArray()) {
            axis.forEach(n -> {
                if (n.isNumber()) {
                    out.add(n.doubleValue());
                }
            });
        }
        if (out.isEmpty()) {
            JsonNode one = mapping() == null ? null : mapping().get(Setting.TIME_SCALE.key());
            out.add(one != null && one.isNumber() ? one.doubleValue() : 1.0);
        }
        return out;
    }

    private ObjectNode mapping() {
        JsonNode t = StudyYaml.get(document.tree(), TRACE_PATH);
        return t instanceof ObjectNode o ? o : null;
    }

    private void refresh() {
        JsonNode t = StudyYaml.get(document.tree(), TRACE_PATH);
        present.set(t != null && (t.isTextual() || t.isObject()));
        for (Setting s : Setting.values()) {
            String text = "";
            if (t != null && t.isTextual() && s == Setting.FILE) {
                text = t.asText();
            } else if (t instanceof ObjectNode o && o.get(s.key()) != null && o.get(s.key()).isValueNode()) {
                text = FieldCodec.text(o.get(s.key()));
            }
            values.get(s).set(text);
        }
        JsonNode axis = StudyYaml.sweepAxis(document.tree(), TIME_SCALE_AXIS);
        if (axis != null && axis.isArray()) {
            List<String> scales = new ArrayList<>();
            axis.forEach(n -> scales.add(FieldCodec.text(n)));
            values.get(Setting.TIME_SCALE).set(String.join(", ", scales));
        }
        updatePreview();
    }

    /** The file chosen in the chooser: written relative to the study's folder when it lies inside it. */
    public void chooseFile(Path chosen) {
        Path folder = studyFolder.get().toAbsolutePath().normalize();
        Path file = chosen.toAbsolutePath().normalize();
        edit(Setting.FILE, (file.startsWith(folder) ? folder.relativize(file) : file).toString()
                .replace(java.io.File.separatorChar, '/'));
    }

    /** Where the file chooser opens: the folder of the current trace file, else the study's. */
    public Path chooserFolder() {
        Path folder = studyFolder.get();
        String file = values.get(Setting.FILE).get();
        if (!file.isBlank()) {
            Path parent = folder.resolve(file).getParent();
            if (parent != null && java.nio.file.Files.isDirectory(parent)) {
                return parent;
            }
        }
        return folder;
    }

    /**
     * Writes a setting's text into the study: empty removes the key (an empty file removes the whole trace); a time
     * scale of several values ("1, 2, 4") becomes the sweep axis. Text that is not a number is written as given, so
     * the study's validation names it.
     */
    public void edit(Setting setting, String raw) {
        String text = raw == null ? "" : raw.strip();
        if (text.equals(values.get(setting).get())) {
            return;
        }
        document.edit(tree -> {
            if (setting == Setting.FILE && text.isEmpty()) {
                StudyYaml.set(tree, TRACE_PATH, null);
                StudyYaml.setSweepAxis(tree, TIME_SCALE_AXIS, null);
                return;
            }
            JsonNode current = StudyYaml.get(tree, TRACE_PATH);
            ObjectNode m;
            if (current instanceof ObjectNode o) {
                m = o;
            } else {
                m = StudyYaml.NODES.objectNode();
                if (current != null && current.isTextual()) {
                    m.put(Setting.FILE.key(), current.asText());
                }
                StudyYaml.set(tree, TRACE_PATH, m);
            }
            if (setting == Setting.TIME_SCALE) {
                writeTimeScale(tree, m, text);
            } else if (text.isEmpty()) {
                m.remove(setting.key());
            } else if (setting == Setting.START_SECONDS || setting == Setting.DURATION_SECONDS) {
                m.set(setting.key(), FieldCodec.scalar(text));
            } else {
                m.put(setting.key(), text);
            }
        });
    }

    private static void writeTimeScale(ObjectNode tree, ObjectNode m, String text) {
        String[] parts = text.replaceAll("^\\[|]$", "").strip().split("[,\\s]+");
        if (text.isEmpty() || parts.length == 0 || parts[0].isEmpty()) {
            m.remove(Setting.TIME_SCALE.key());
            StudyYaml.setSweepAxis(tree, TIME_SCALE_AXIS, null);
        } else if (parts.length == 1) {
            m.set(Setting.TIME_SCALE.key(), FieldCodec.scalar(parts[0]));
            StudyYaml.setSweepAxis(tree, TIME_SCALE_AXIS, null);
        } else {
            ArrayNode list = StudyYaml.NODES.arrayNode();
            for (String p : parts) {
                list.add(FieldCodec.scalar(p));
            }
            m.remove(Setting.TIME_SCALE.key());
            StudyYaml.setSweepAxis(tree, TIME_SCALE_AXIS, list);
        }
    }

    /** The study's folder changed (Save as, Open): a relative trace file may now be another file. */
    public void folderChanged() {
        last = UNSET;
        updatePreview();
    }

    private void updatePreview() {
        Inputs next;
        try {
            next = inputs();
        } catch (IllegalArgumentException e) {
            stop();
            last = UNSET;
            replace(null, e.getMessage(), "");
            return;
        }
        if (Objects.equals(next, last)) {
            return;
        }
        last = next;
        stop();
        if (next == null) {
            replace(null, "", "");
            return;
        }
        long mine = generation;
        busy.set(true);
        FutureTask<Void> task = new FutureTask<>(() -> {
            Outcome outcome = compute(next);
            ui.execute(() -> {
                if (mine == generation) {
                    busy.set(false);
                    running = null;
                    replace(outcome.profile, outcome.message, outcome.detected);
                }
            });
            return null;
        });
        running = task;
        background.execute(task);
    }

    /** Cancels the preview being read (interrupting its thread); its outcome, should one come, is dropped. */
    private void stop() {
        generation++;
        busy.set(false);
        cancelRunning();
    }

    private void cancelRunning() {
        if (running != null) {
            running.cancel(true);
            running = null;
        }
    }

    private void replace(TraceProfile profile, String why, String format) {
        preview.set(profile);
        message.set(why);
        detected.set(format);
    }

    /** The preview's inputs from the tree; null without a trace file; a bad setting as its message. */
    private Inputs inputs() {
        String file = values.get(Setting.FILE).get();
        if (file.isBlank()) {
            return null;
        }
        String formatText = values.get(Setting.FORMAT).get();
        TraceFormat format = null;
        if (!formatText.isEmpty() && !formatText.equals(TraceFormat.AUTO)) {
            format = TraceFormat.fromWire(formatText).orElseThrow(() -> new IllegalArgumentException(
                    TRACE_PATH + ".format: '" + formatText + "' is not one of " + TraceFormat.choices()));
        }
        double start = number(Setting.START_SECONDS, 0.0);
        String durationText = values.get(Setting.DURATION_SECONDS).get();
        Double duration = durationText.isEmpty() ? null : number(Setting.DURATION_SECONDS, 0.0);
        double scale = timeScales().getFirst();
        if (start < 0 || (duration != null && !(duration > 0)) || !(scale > 0)) {
            throw new IllegalArgumentException(TRACE_PATH + ": start_seconds must be ≥ 0, duration_seconds and"
                    + " time_scale > 0");
        }
        JsonNode block = mapping() == null ? null : mapping().get("block_size");
        int blockSize = block != null && block.canConvertToInt() && block.asInt() > 0 ? block.asInt()
                : TraceConfig.DEFAULT_BLOCK_SIZE;
        Path path = studyFolder.get().resolve(file).toAbsolutePath().normalize();
        return new Inputs(path, format, start, duration, scale, blockSize);
    }

    private double number(Setting s, double absent) {
        String text = values.get(s).get();
        if (text.isEmpty()) {
            return absent;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(TRACE_PATH + "." + s.key() + ": '" + text + "' is not a number");
        }
    }

    private record Outcome(TraceProfile profile, String message, String detected) {
    }

    /** Reads the slice and profiles it; never throws: what went wrong is the outcome's message. */
    static Outcome compute(Inputs in) {
        try {
            TraceSlice slice = TraceSlice.read(in.file(), in.format(), in.start(), in.duration());
            TraceProfile p = TraceProfile.of(slice, in.timeScale(), in.blockSize(), TraceProfile.DEFAULT_RATE_BINS,
                    TraceProfile.DEFAULT_LENGTH_BINS);
            return new Outcome(p, "", slice.summary().format().wire() + (in.format() == null ? " (detected)"
                    : " (named)"));
        } catch (TraceFormatException e) {
            return new Outcome(null, e.getMessage(), "");
        } catch (InterruptedIOException e) {
            return new Outcome(null, "", "");
        } catch (NoSuchFileException e) {
            return new Outcome(null, "no trace file " + in.file() + ": choose one, or write its path relative to the"
                    + " study's folder", "");
        } catch (IOException | RuntimeException e) {
            return new Outcome(null, "cannot read the trace " + in.file() + ": "
                    + io.joulebench.app.fx.ErrorMessages.describe(e), "");
        }
    }
}

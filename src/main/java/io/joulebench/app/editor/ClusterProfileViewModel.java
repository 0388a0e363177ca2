package io.joulebench.app.editor;

import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.executor.slurm.SlurmProfile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The cluster profile editor: the user's {@code cluster.yaml} as form fields (partition, account, GPUs, CPUs,
 * memory, max parallel jobs, shared folder, SSH host and remote folder, extra sbatch arguments). It is read and
 * written through {@link SlurmProfile}, so a value the CLI would refuse is refused here with the same sentence,
 * naming its key; keys the form does not show (time margins, poll interval, worker command) are kept as they were.
 * The file is read and written on the background executor; the fields live on the UI thread.
 */
public final class ClusterProfileViewModel {

    /** A form field: its key in the file (its name in lower case) and its label. */
    public enum Field {
        PARTITION("Partition"), ACCOUNT("Account"), GPUS_PER_JOB("GPUs per job"), CPUS_PER_JOB("CPUs per job"),
        MEMORY("Memory per job"), MAX_PARALLEL_JOBS("Max parallel jobs"), SHARED_DIR("Shared folder"),
        SSH("SSH host"), REMOTE_DIR("Remote folder"), SBATCH_ARGS("sbatch args");

        private final String label;

        Field(String label) {
            this.label = label;
        }

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String label() {
            return label;
        }
    }

    private static final java.util.Set<Field> NUMBERS = java.util.EnumSet.of(Field.GPUS_PER_JOB, Field.CPUS_PER_JOB,
            Field.MAX_PARALLEL_JOBS);

    private final Path file;
    private final Executor background;
    private final UiExecutor ui;
    private final Map<Field, StringProperty> fields = new java.util.EnumMap<>(Field.class);
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private SlurmProfile loaded = SlurmProfile.defaults();

    public ClusterProfileViewModel(Path file, Executor background, UiExecutor ui) {
        this.file = file;
        this.background = background;
        this.ui = ui;
        for (Field f : Field.values()) {
            fields.put(f, new SimpleStringProperty(""));
        }
    }

    public Path file() {
        return file;
    }

    public StringProperty field(Field f) {
        return fields.get(f);
    }

    /** Why the profile cannot be saved (the bad key and value), or why the file could not be read or written. */
    public ReadOnlyStringProperty problemProperty() {
        return problem;
    }

    /** What happened last ("Read …", "Saved …"). */
    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** While the file is read or written. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** Reads the file (a missing one is the defaults) into the fields. */
    public void load() {
        busy.set(true);
        background.execute(() -> {
            SlurmProfile read;
            String error = "";
            try {
                read = SlurmProfile.read(file);
            } catch (SlurmProfile.ProfileException e) {
                read = SlurmProfile.defaults();
                error = e.getMessage();
            }
            SlurmProfile profile = read;
            String why = error;
            ui.execute(() -> {
                show(profile);
                problem.set(why);
                status.set(java.nio.file.Files.isRegularFile(file) ? "Read " + file
                        : file + " does not exist yet: saving creates it");
                busy.set(false);
            });
        });
    }

    private void show(SlurmProfile p) {
        loaded = p;
        set(Field.PARTITION, p.partition());
        set(Field.ACCOUNT, p.account());
        set(Field.GPUS_PER_JOB, p.gpusPerJob());
        set(Field.CPUS_PER_JOB, p.cpusPerJob());
        set(Field.MEMORY, p.memory());
        set(Field.MAX_PARALLEL_JOBS, p.maxParallelJobs());
        set(Field.SHARED_DIR, p.sharedDir());
        set(Field.SSH, p.ssh());
        set(Field.REMOTE_DIR, p.remoteDir());
        set(Field.SBATCH_ARGS, String.join(" ", p.sbatchArgs()));
    }

    private void set(Field f, Object v) {
        fields.get(f).set(v == null ? "" : v.toString());
    }

    /**
     * The fields as a profile, by the file's rules; sets {@link #problemProperty()} (naming the key) and returns
     * null when a value is refused.
     */
    public SlurmProfile profile() {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field f : Field.values()) {
            String text = fields.get(f).get() == null ? "" : fields.get(f).get().strip();
            if (text.isEmpty()) {
                continue;
            }
            if (f == Field.SBATCH_ARGS) {
                values.put(f.key(), Arrays.stream(text.split("\\s+")).toList());
            } else if (NUMBERS.contains(f)) {
                values.put(f.key(), number(text));
            } else {
                values.put(f.key(), text);
            }
        }
        // what the form does not show stays as it was
        values.put("time_margin_factor", loaded.timeMarginFactor());
        values.put("time_margin_seconds", loaded.timeMarginSeconds());
        values.put("poll_interval_ms", loaded.pollIntervalMs());
        if (!loaded.workerCommand().isEmpty()) {
            values.put("worker_command", List.copyOf(loaded.workerCommand()));
        }
        try {
            SlurmProfile p = SlurmProfile.of(values, "cluster profile");
            problem.set("");
            return p;
        } catch (SlurmProfile.ProfileException e) {
            problem.set(e.getMessage());
            return null;
        }
    }

    /** A whole number as a number; anything else as its text, which the profile's rules then refuse by key. */
    private static Object number(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return text;
        }
    }

    /**
     * Checks the fields and writes the file in the background.
     *
     * @param saved called on the UI thread once the file is written
     * @return false when a value was refused (nothing is written; {@link #problemProperty()} says why)
     */
    public boolean save(Runnable saved) {
        SlurmProfile p = profile();
        if (p == null) {
            return false;
        }
        busy.set(true);
        background.execute(() -> {
            String error = "";
            try {
                p.write(file);
            } catch (java.io.IOException | RuntimeException e) {
                error = file + " could not be written: " + e.getMessage();
            }
            String why = error;
            ui.execute(() -> {
                busy.set(false);
                problem.set(why);
                if (why.isEmpty()) {
                    loaded = p;
                    status.set("Saved " + file);
                    saved.run();
                }
            });
        });
        return true;
    }
}

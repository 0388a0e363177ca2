package io.joulebench.app.editor;

import io.joulebench.app.fx.Confirmer;
import io.joulebench.app.fx.Debouncer;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.fx.UserMessageException;
import io.joulebench.app.prefs.WorkbenchPreferences;
import io.joulebench.core.study.Study;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.executor.slurm.SlurmExecutors;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The study being edited: its file, YAML text and name; New, Open and Save; the form, sweep designer, problems and
 * plan preview over the same {@link StudyDocument}. Every text change is validated (debounced) with the CLI's
 * loader.
 */
public final class EditorViewModel {

    public static final String QUICKSTART_RESOURCE = "/io/joulebench/app/editor/quickstart.yaml";

    private final WorkbenchPreferences preferences;
    private final ErrorReporter errors;
    private final Confirmer confirmer;
    private final FileDialogs dialogs;
    private final StudyDocument document = new StudyDocument();
    private final StudyFormViewModel form = new StudyFormViewModel(document);
    private final SweepViewModel sweep = new SweepViewModel(document);
    private final ValidationViewModel validation;
    private final PrometheusQueryViewModel prometheus;
    private final TraceSettingsViewModel trace;
    private final LengthPreviewViewModel lengths;
    private final ObjectProperty<ExecutorKind> runOn = new SimpleObjectProperty<>(ExecutorKind.LOCAL);
    private final javafx.beans.property.StringProperty runLabel = new javafx.beans.property.SimpleStringProperty("");
    private final StringProperty studyName = new SimpleStringProperty("quickstart");
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final BooleanProperty dirty = new SimpleBooleanProperty();
    private final ObservableList<Path> recent = FXCollections.observableArrayList();
    // One wrapper, kept: it listens to `recent` weakly, so a fresh one per call dropped the Recent menu's listener
    // at the next garbage collection and the menu stayed disabled.
    private final ObservableList<Path> readOnlyRecent = FXCollections.unmodifiableObservableList(recent);
    private final StringProperty runBlockedReason = new SimpleStringProperty("");
    private final StringProperty commentWarning = new SimpleStringProperty("");
    private String savedText = "";
    private final Executor background;
    private final UiExecutor ui;

    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors) {
        this(preferences, errors, Debouncer.direct());
    }

    /** An editor that drops unsaved edits without asking (tests of everything but that question). */
    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors, Debouncer debouncer) {
        this(preferences, errors, debouncer, (Confirmer) null, (FileDialogs) null);
    }

    /** An editor that checks in the background and drops unsaved edits without asking. */
    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors, Debouncer debouncer,
            Executor background, UiExecutor ui) {
        this(preferences, errors, debouncer, null, null, background, ui);
    }

    /** An editor that asks about unsaved edits and checks on the calling thread. */
    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors, Debouncer debouncer,
            Confirmer confirmer, FileDialogs dialogs) {
        this(preferences, errors, debouncer, confirmer, dialogs, Runnable::run, UiExecutor.direct());
    }

    /**
     * @param debouncer delays validation and the plan preview until typing pauses
     * @param confirmer asks to save, discard or cancel before unsaved edits would be lost
     * @param dialogs    chooses where to save a new study that is saved from that question
     * @param background runs validation, the plan preview, and Open's read and Save's write off the UI thread (one
     *                   thread in the workbench, so a save and a following open stay in order); only the save that
     *                   the unsaved-edits question starts runs on the caller's, since closing the window needs its
     *                   outcome at once; tests pass a direct executor
     * @param ui         brings their outcome back to the UI thread
     */
    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors, Debouncer debouncer,
            Confirmer confirmer, FileDialogs dialogs, Executor background, UiExecutor ui) {
        this.preferences = preferences;
        this.errors = errors;
        this.confirmer = confirmer;
        this.dialogs = dialogs;
        this.background = background;
        this.ui = ui;
        this.validation = new ValidationViewModel(document, form, sweep, file, debouncer, background, ui);
        this.prometheus = new PrometheusQueryViewModel(document, background, ui, System::getenv);
        this.trace = new TraceSettingsViewModel(document, this::studyFolder, background, ui);
        this.lengths = new LengthPreviewViewModel(document);
        validation.studyProperty().addListener((o, a, b) -> lengths.showStudy(b));
        file.addListener((o, a, b) -> trace.folderChanged());
        document.textProperty().addListener((o, a, b) -> dirty.set(!Objects.equals(b, savedText)));
        document.textProperty().addListener((o, a, b) -> {
            // A form edit is spliced into the text and keeps every comment; only text it cannot splice is rewritten.
            int n = StudyDocument.droppedComments(b) == 0 || StudyDocument.keepsComments(b) ? 0
                    : StudyDocument.droppedComments(b);
            commentWarning.set(n == 0 ? "" : "The YAML has " + n + " comment" + (n == 1 ? "" : "s")
                    + " below its header: an edit in the Form rewrites the YAML without " + (n == 1 ? "it" : "them")
                    + ". Edit in the YAML tab to keep " + (n == 1 ? "it" : "them") + ".");
        });
        document.onTreeChanged(() -> nameOf(document.tree()).ifPresent(studyName::set));
        recent.setAll(preferences.recentStudies());
        validation.problems().addListener((javafx.collections.ListChangeListener<Problem>) c -> updateRunBlocked());
        runOn.addListener((o, a, b) -> validation.clusterProfileProperty()
                .set(b == ExecutorKind.SLURM ? clusterProfileFile() : null));
        newStudy();
    }

    /** The label Run gives the next run (as {@code run --label}); empty: none. */
    public javafx.beans.property.StringProperty runLabelProperty() {
        return runLabel;
    }

    /** Where Run runs the study: this machine, or the user's cluster profile (as {@code --executor slurm}). */
    public ObjectProperty<ExecutorKind> runOnProperty() {
        return runOn;
    }

    /** The cluster profile was saved: the plan preview estimates on it again. */
    public void clusterProfileChanged() {
        if (runOn.get() == ExecutorKind.SLURM) {
            validation.validate();
        }
    }

    /** The user's cluster profile, {@code cluster.yaml} beside the workbench's preferences ({@code ~/.joulebench}). */
    public Path clusterProfileFile() {
        return SlurmExecutors.userProfileFile(preferences.file().toAbsolutePath().getParent());
    }

    private void updateRunBlocked() {
        List<Problem> problems = validation.problems();
        int n = problems.size();
        runBlockedReason.set(n == 0 ? "" : "Run is off until the study's " + (n == 1 ? "problem is" : n
                + " problems are") + " fixed (see Problems): " + problems.get(0).text());
    }

    /** Says, before any form edit, that comments below the header would be dropped by one; empty when none. */
    public ReadOnlyStringProperty commentWarningProperty() {
        return commentWarning;
    }

    /** Why the study cannot run as it is (its first problem); empty when it can. */
    public ReadOnlyStringProperty runBlockedReasonProperty() {
        return runBlockedReason;
    }

    /**
     * Unsaved edits are about to be lost ({@code doing}: "closing the window"): asks to save, discard or cancel.
     * True when it is fine to go on: nothing unsaved, saved, or discarded; false when the user cancelled or the
     * save did not happen.
     */
    public boolean settleUnsaved(String doing) {
        if (!dirty.get() || confirmer == null) {
            return true;
        }
        String name = studyName.get();
        int choice = confirmer.choose("Unsaved changes", "The study " + name + " has changes that are not saved. "
                + "Save them before " + doing + "?", UNSAVED_ANSWERS);
        return switch (choice) {
            case 0 -> needsSaveTarget()
                    ? dialogs.chooseSaveFile("Save study", name + ".yaml").map(this::saveNow).orElse(false)
                    : saveNow(file.get());
            case 1 -> true;
            default -> false;
        };
    }

    /** The answers of the unsaved-changes question, in order: save, discard, cancel. */
    public static final List<String> UNSAVED_ANSWERS = List.of("Save", "Don't save", "Cancel");

    /** Starts a new study from the quickstart (reference engine, runs on any machine), after asking about edits. */
    public boolean newStudy() {
        return newStudy(quickstartText());
    }

    /** Starts a new, unsaved study from {@code template}'s YAML text, after asking about edits. */
    public boolean newStudy(String template) {
        if (!settleUnsaved("starting a new study")) {
            return false;
        }
        load(null, template);
        return true;
    }

    /**
     * Opens a study file after asking about unsaved edits: the file is read on the background executor and loaded on
     * the UI thread. The future is false (and an error shown) when the user cancelled or it cannot be read.
     */
    public CompletableFuture<Boolean> openStudy(Path path) {
        if (!settleUnsaved("opening " + (path.getFileName() == null ? path : path.getFileName()))) {
            return CompletableFuture.completedFuture(false);
        }
        Path target = path.toAbsolutePath().normalize();
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        background.execute(() -> {
            try {
                String content = Files.readString(target, StandardCharsets.UTF_8);
                ui.execute(() -> {
                    load(target, content);
                    recent.setAll(preferences.addRecentStudy(target));
                    done.complete(true);
                });
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> {
                    errors.report("Could not open study " + path + ": " + ErrorMessages.describe(e)
                            + ". Check that the file exists and is readable UTF-8 YAML.", e);
                    done.complete(false);
                });
            }
        });
        return done;
    }

    /** Whether Save needs a target chosen first (a new study has no file yet). */
    public boolean needsSaveTarget() {
        return file.get() == null;
    }

    /** Saves to the study's own file (see {@link #saveStudyAs}). */
    public CompletableFuture<Boolean> saveStudy() {
        if (needsSaveTarget()) {
            throw new IllegalStateException("a new study needs a file: call saveStudyAs");
        }
        return saveStudyAs(file.get());
    }

    /**
     * Saves the YAML text, exactly as the YAML tab shows it now, to {@code path}, which becomes the study's file. The
     * write runs on the background executor; the study is marked saved on the UI thread (still unsaved when it was
     * edited meanwhile). The future is false (and an error shown) when it could not be written.
     */
    public CompletableFuture<Boolean> saveStudyAs(Path path) {
        Path target = path.toAbsolutePath().normalize();
        String content = document.textProperty().get();
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        background.execute(() -> {
            try {
                Files.writeString(target, content, StandardCharsets.UTF_8);
                ui.execute(() -> done.complete(saved(target, content)));
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> done.complete(saveFailed(path, e)));
            }
        });
        return done;
    }

    /** The unsaved-edits question's save: on the caller's thread, since what follows needs its outcome now. */
    private boolean saveNow(Path path) {
        Path target = path.toAbsolutePath().normalize();
        String content = document.textProperty().get();
        try {
            Files.writeString(target, content, StandardCharsets.UTF_8);
            return saved(target, content);
        } catch (IOException | RuntimeException e) {
            return saveFailed(path, e);
        }
    }

    private boolean saved(Path target, String content) {
        file.set(target);
        savedText = content;
        dirty.set(!Objects.equals(document.textProperty().get(), content));
        recent.setAll(preferences.addRecentStudy(target));
        validation.validateNow();
        return true;
    }

    private boolean saveFailed(Path path, Exception e) {
        errors.report("Could not save study to " + path + ": " + ErrorMessages.describe(e)
                + ". Choose a writable folder.", e);
        return false;
    }

    /**
     * The study to run: the text validated now, not debounced.
     *
     * @throws UserMessageException naming the first problem when the study is not valid
     */
    public Study studyToRun() {
        StudyCheck check = validation.validateNow();
        if (!check.valid()) {
            int n = check.errors().size();
            throw new UserMessageException("the study has " + n + " problem" + (n == 1 ? "" : "s")
                    + " (see the editor's problems list), the first: " + check.errors().get(0).format());
        }
        return check.study();
    }

    private void load(Path path, String content) {
        savedText = content;
        file.set(path);
        studyName.set(StudyYaml.read(content).flatMap(EditorViewModel::nameOf).orElse("untitled"));
        document.textProperty().set(content);
        dirty.set(false);
        validation.validate();
    }

    private static java.util.Optional<String> nameOf(com.fasterxml.jackson.databind.node.ObjectNode tree) {
        var name = tree.get("study_name");
        return name != null && name.isTextual() && !name.asText().isBlank()
                ? java.util.Optional.of(name.asText().strip()) : java.util.Optional.empty();
    }

    /** The bundled quickstart study (examples/quickstart.yaml), what a new study starts from. */
    public static String quickstartText() {
        try (InputStream in = EditorViewModel.class.getResourceAsStream(QUICKSTART_RESOURCE)) {
            return new String(Objects.requireNonNull(in, QUICKSTART_RESOURCE).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The YAML text: what the YAML tab shows and Save writes. */
    public StringProperty textProperty() {
        return document.textProperty();
    }

    public StudyDocument document() {
        return document;
    }

    public StudyFormViewModel form() {
        return form;
    }

    public SweepViewModel sweep() {
        return sweep;
    }

    public ValidationViewModel validation() {
        return validation;
    }

    /** The request-lengths section's histograms. */
    public LengthPreviewViewModel lengths() {
        return lengths;
    }

    /** The traffic section's trace and its plan preview. */
    public TraceSettingsViewModel trace() {
        return trace;
    }

    /** The folder a study's relative paths start from: its file's, or the working folder for a new study. */
    public Path studyFolder() {
        Path f = file.get();
        return f != null && f.getParent() != null ? f.getParent() : Path.of("").toAbsolutePath();
    }

    /** The Prometheus energy source's "Test query". */
    public PrometheusQueryViewModel prometheus() {
        return prometheus;
    }

    public ReadOnlyStringProperty studyNameProperty() {
        return studyName;
    }

    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file;
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty;
    }

    /** Recently opened or saved studies, newest first. */
    public ObservableList<Path> recentStudies() {
        return readOnlyRecent;
    }
}

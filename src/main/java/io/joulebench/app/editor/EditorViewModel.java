package io.joulebench.app.editor;

import io.joulebench.app.fx.Debouncer;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.prefs.WorkbenchPreferences;
import io.joulebench.core.study.Study;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * loader. Validation, the plan preview and reading and writing study files run on the background executor; their
 * outcome comes back through the UI executor. Call the methods from the UI thread.
 */
public final class EditorViewModel {

    public static final String QUICKSTART_RESOURCE = "/io/joulebench/app/editor/quickstart.yaml";

    private final WorkbenchPreferences preferences;
    private final ErrorReporter errors;
    private final Executor background;
    private final UiExecutor ui;
    private final StudyDocument document = new StudyDocument();
    private final StudyFormViewModel form = new StudyFormViewModel(document);
    private final SweepViewModel sweep = new SweepViewModel(document);
    private final ValidationViewModel validation;
    private final StringProperty studyName = new SimpleStringProperty("quickstart");
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final BooleanProperty dirty = new SimpleBooleanProperty();
    private final ObservableList<Path> recent = FXCollections.observableArrayList();
    private String savedText = "";

    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors) {
        this(preferences, errors, Debouncer.direct());
    }

    /** @param debouncer delays validation and the plan preview until typing pauses */
    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors, Debouncer debouncer) {
        this(preferences, errors, debouncer, Runnable::run, UiExecutor.direct());
    }

    /**
     * @param background runs validation, the plan preview and file reads and writes (one thread keeps a save and a
     *                   following open in order); tests pass a direct executor
     * @param ui         brings their outcome back to the UI thread
     */
    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors, Debouncer debouncer,
            Executor background, UiExecutor ui) {
        this.preferences = preferences;
        this.errors = errors;
        this.background = background;
        this.ui = ui;
        this.validation = new ValidationViewModel(document, form, sweep, file, debouncer, background, ui);
        document.textProperty().addListener((o, a, b) -> dirty.set(!Objects.equals(b, savedText)));
        document.onTreeChanged(() -> nameOf(document.tree()).ifPresent(studyName::set));
        recent.setAll(preferences.recentStudies());
        newStudy();
    }

    /** Starts a new study from the quickstart (reference engine, runs on any machine). */
    public void newStudy() {
        load(null, quickstartText());
    }

    /**
     * Opens a study file, read in the background; completes (on the UI thread) true once it is loaded, false (and an
     * error shown) when it cannot be read.
     */
    public CompletableFuture<Boolean> openStudy(Path path) {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        background.execute(() -> {
            try {
                String content = Files.readString(path, StandardCharsets.UTF_8);
                List<Path> recentNow = preferences.addRecentStudy(path);
                ui.execute(() -> {
                    load(path.toAbsolutePath().normalize(), content);
                    recent.setAll(recentNow);
                    done.complete(true);
                });
            } catch (IOException | RuntimeException e) {
                errors.report("Could not open study " + path + ": " + ErrorMessages.describe(e)
                        + ". Check that the file exists and is readable UTF-8 YAML.", e);
                ui.execute(() -> done.complete(false));
            }
        });
        return done;
    }

    /** Whether Save needs a target chosen first (a new study has no file yet). */
    public boolean needsSaveTarget() {
        return file.get() == null;
    }

    /** Saves to the study's own file. */
    public CompletableFuture<Boolean> saveStudy() {
        if (needsSaveTarget()) {
            throw new IllegalStateException("a new study needs a file: call saveStudyAs");
        }
        return saveStudyAs(file.get());
    }

    /**
     * Saves the YAML text, exactly as the YAML tab shows it now, to {@code path}, which becomes the study's file. The
     * write runs in the background; completes (on the UI thread) true once written, false (and an error shown) when
     * it cannot be.
     */
    public CompletableFuture<Boolean> saveStudyAs(Path path) {
        String text = document.textProperty().get();
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        background.execute(() -> {
            try {
                Path target = path.toAbsolutePath().normalize();
                Files.writeString(target, text, StandardCharsets.UTF_8);
                List<Path> recentNow = preferences.addRecentStudy(target);
                ui.execute(() -> {
                    file.set(target);
                    savedText = text;
                    dirty.set(!Objects.equals(document.textProperty().get(), text)); // typed on while it saved
                    recent.setAll(recentNow);
                    validation.validate();
                    done.complete(true);
                });
            } catch (IOException | RuntimeException e) {
                errors.report("Could not save study to " + path + ": " + ErrorMessages.describe(e)
                        + ". Choose a writable folder.", e);
                ui.execute(() -> done.complete(false));
            }
        });
        return done;
    }

    /**
     * The study to run: the text validated now, not debounced.
     *
     * @throws IllegalStateException naming the first problem when the study is not valid
     */
    public Study studyToRun() {
        StudyCheck check = validation.validateNow();
        if (!check.valid()) {
            int n = check.errors().size();
            throw new IllegalStateException("the study has " + n + " problem" + (n == 1 ? "" : "s")
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
        return FXCollections.unmodifiableObservableList(recent);
    }
}

package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.prefs.WorkbenchPreferences;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The study being edited, as YAML text with its file and name. New, Open and Save act on the text; the form
 * editor, validation and plan preview build on this document once the study loader is wired in.
 */
public final class EditorViewModel {

    public static final String QUICKSTART_RESOURCE = "/io/joulebench/app/editor/quickstart.yaml";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final WorkbenchPreferences preferences;
    private final ErrorReporter errors;
    private final StringProperty text = new SimpleStringProperty("");
    private final StringProperty studyName = new SimpleStringProperty("quickstart");
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final BooleanProperty dirty = new SimpleBooleanProperty();
    private String savedText = "";

    public EditorViewModel(WorkbenchPreferences preferences, ErrorReporter errors) {
        this.preferences = preferences;
        this.errors = errors;
        text.addListener((o, a, b) -> {
            dirty.set(!Objects.equals(b, savedText));
            studyNameOf(b).ifPresent(studyName::set);
        });
        newStudy();
    }

    /** Starts a new study from the quickstart (reference engine, runs on any machine). */
    public void newStudy() {
        load(null, quickstartText());
    }

    /** Opens a study file; false (and an error shown) when it cannot be read. */
    public boolean openStudy(Path path) {
        try {
            load(path.toAbsolutePath().normalize(), Files.readString(path, StandardCharsets.UTF_8));
            preferences.addRecentStudy(path);
            return true;
        } catch (IOException | RuntimeException e) {
            errors.report("Could not open study " + path + ": " + ErrorMessages.describe(e)
                    + ". Check that the file exists and is readable UTF-8 YAML.", e);
            return false;
        }
    }

    /** Whether Save needs a target chosen first (a new study has no file yet). */
    public boolean needsSaveTarget() {
        return file.get() == null;
    }

    /** Saves to the study's own file. */
    public boolean saveStudy() {
        if (needsSaveTarget()) {
            throw new IllegalStateException("a new study needs a file: call saveStudyAs");
        }
        return saveStudyAs(file.get());
    }

    /** Saves to {@code path}, which becomes the study's file. */
    public boolean saveStudyAs(Path path) {
        try {
            Path target = path.toAbsolutePath().normalize();
            Files.writeString(target, text.get(), StandardCharsets.UTF_8);
            file.set(target);
            savedText = text.get();
            dirty.set(false);
            preferences.addRecentStudy(target);
            return true;
        } catch (IOException | RuntimeException e) {
            errors.report("Could not save study to " + path + ": " + ErrorMessages.describe(e)
                    + ". Choose a writable folder.", e);
            return false;
        }
    }

    private void load(Path path, String content) {
        savedText = content;
        file.set(path);
        studyName.set(studyNameOf(content).orElse("untitled"));
        text.set(content);
        dirty.set(false);
    }

    /** The top-level {@code study_name} when the text parses and has one. */
    static java.util.Optional<String> studyNameOf(String yaml) {
        try {
            JsonNode root = YAML.readTree(yaml);
            JsonNode name = root == null ? null : root.get("study_name");
            return name != null && name.isTextual() && !name.asText().isBlank()
                    ? java.util.Optional.of(name.asText().strip()) : java.util.Optional.empty();
        } catch (IOException e) {
            // Text mid-edit is often not valid YAML; the name stays as it was.
            return java.util.Optional.empty();
        }
    }

    static String quickstartText() {
        try (InputStream in = EditorViewModel.class.getResourceAsStream(QUICKSTART_RESOURCE)) {
            return new String(Objects.requireNonNull(in, QUICKSTART_RESOURCE).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public StringProperty textProperty() {
        return text;
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
}

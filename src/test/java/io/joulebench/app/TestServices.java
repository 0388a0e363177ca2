package io.joulebench.app;

import io.joulebench.app.fx.Confirmer;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.FolderOpener;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.prefs.WorkbenchPreferences;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/** Test doubles for everything the workbench reaches outside itself. */
public final class TestServices implements AutoCloseable {

    /** Records reported errors instead of showing dialogs. */
    public static final class RecordingErrors implements ErrorReporter {
        public final List<String> messages = new ArrayList<>();

        @Override
        public synchronized void report(String message, Throwable cause) {
            messages.add(message);
        }
    }

    /** Answers file dialogs from a queue; an empty queue means the user cancelled. */
    public static final class ScriptedDialogs implements FileDialogs {
        public final Deque<Path> answers = new ArrayDeque<>();

        /** Where each folder chooser would have opened (null: the default). */
        public final List<Path> initialFolders = new ArrayList<>();

        @Override
        public Optional<Path> chooseFolder(String title) {
            return chooseFolder(title, null);
        }

        @Override
        public Optional<Path> chooseFolder(String title, Path initial) {
            initialFolders.add(initial);
            return Optional.ofNullable(answers.poll());
        }

        @Override
        public Optional<Path> chooseOpenFile(String title, String extensionDescription, String... globs) {
            return Optional.ofNullable(answers.poll());
        }

        @Override
        public Optional<Path> chooseOpenFileIn(String title, Path initialFolder, String extensionDescription,
                String... globs) {
            initialFolders.add(initialFolder);
            return chooseOpenFile(title, extensionDescription, globs);
        }

        @Override
        public Optional<Path> chooseSaveFile(String title, String suggestedName) {
            return Optional.ofNullable(answers.poll());
        }

        @Override
        public Optional<Path> chooseSaveFile(String title, String suggestedName, Path initial) {
            initialFolders.add(initial);
            return chooseSaveFile(title, suggestedName);
        }
    }

    /** A throwaway user folder for the preferences file, removed by {@link #close()}. */
    public final Path userFolder = tempFolder();
    public final WorkbenchPreferences preferences =
            new WorkbenchPreferences(userFolder.resolve(WorkbenchPreferences.FILE_NAME));
    public final RecordingErrors errors = new RecordingErrors();
    public final ScriptedDialogs dialogs = new ScriptedDialogs();
    public final List<Path> opened = new ArrayList<>();
    public boolean confirmAnswer = true;
    public final List<String> questions = new ArrayList<>();
    /** The answer {@code choose} gives, by its text; one not offered means the last (the way out). */
    public String choiceAnswer = "Don't save";
    public final Confirmer confirmer = new Confirmer() {
        @Override
        public boolean confirm(String title, String question) {
            questions.add(question);
            return confirmAnswer;
        }

        @Override
        public int choose(String title, String question, List<String> answers) {
            questions.add(question);
            int i = answers.indexOf(choiceAnswer);
            return i < 0 ? answers.size() - 1 : i;
        }
    };
    public final FolderOpener folderOpener = opened::add;

    public AppContext.Services services(io.joulebench.app.run.RunBackendFactory backend, UiExecutor ui) {
        return new AppContext.Services(preferences, backend, folderOpener, errors, confirmer, dialogs, ui);
    }

    public AppContext.Services services(RunBackend backend, UiExecutor ui) {
        return new AppContext.Services(preferences, backend, folderOpener, errors, confirmer, dialogs, ui);
    }

    private static Path tempFolder() {
        try {
            return Files.createTempDirectory("joulebench-test-user");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        // a run that ends as the window closes may still record itself in the preferences: let that write land
        for (int attempt = 1; ; attempt++) {
            try {
                io.joulebench.core.results.AtomicFiles.deleteTree(userFolder);
                return;
            } catch (java.nio.file.DirectoryNotEmptyException e) {
                if (attempt == 5) {
                    throw e;
                }
                try {
                    Thread.sleep(100); // a bounded retry of a test folder's removal
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}

package io.joulebench.app.shell;

import io.joulebench.app.editor.EditorViewModel;
import io.joulebench.app.live.LiveViewModel;
import io.joulebench.app.results.ResultsViewModel;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringExpression;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/** The main window's state: which area shows, the title, and the study and run commands behind the shortcuts. */
public final class ShellViewModel {

    private final EditorViewModel editor;
    private final LiveViewModel live;
    private final ResultsViewModel results;
    private final ObjectProperty<Area> area = new SimpleObjectProperty<>(Area.EDITOR);
    private final StringExpression title;

    public ShellViewModel(EditorViewModel editor, LiveViewModel live, ResultsViewModel results) {
        this.editor = editor;
        this.live = live;
        this.results = results;
        this.title = Bindings.concat("Joulebench — ", editor.studyNameProperty(),
                Bindings.when(editor.dirtyProperty()).then(" •").otherwise(""));
    }

    /** Ctrl+N. */
    public void newStudy() {
        area.set(Area.EDITOR);
        editor.newStudy();
    }

    /** Ctrl+O, once the view has asked for a file. */
    public void openStudy(Path file) {
        area.set(Area.EDITOR);
        editor.openStudy(file);
    }

    /** Whether Ctrl+S has to ask for a file first. */
    public boolean saveNeedsTarget() {
        return editor.needsSaveTarget();
    }

    /** Ctrl+S; {@code target} only when {@link #saveNeedsTarget()}. */
    public void saveStudy(Path target) {
        if (target != null) {
            editor.saveStudyAs(target);
        } else {
            editor.saveStudy();
        }
    }

    /**
     * Ctrl+R and the Run buttons: show the live view and start the run. While the study has problems Run is off;
     * Ctrl+R then shows the editor, which says why.
     */
    public void run() {
        if (live.canRunProperty().get()) {
            area.set(Area.LIVE);
            live.run();
        } else if (!editor.runBlockedReasonProperty().get().isEmpty() && !live.stateProperty().get().active()) {
            area.set(Area.EDITOR);
        }
    }

    /** Esc: cancel the run after a confirmation. */
    public boolean cancelRun() {
        return live.cancel();
    }

    public ObjectProperty<Area> areaProperty() {
        return area;
    }

    public StringExpression titleProperty() {
        return title;
    }

    public EditorViewModel editor() {
        return editor;
    }

    public LiveViewModel live() {
        return live;
    }

    public ResultsViewModel results() {
        return results;
    }
}

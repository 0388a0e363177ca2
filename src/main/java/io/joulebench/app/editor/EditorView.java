package io.joulebench.app.editor;

import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.FileDialogs;
import java.nio.file.Path;
import io.joulebench.core.executor.ExecutorKind;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The study editor: file actions on top; the form (with the sweep designer) and the YAML text as tabs; the plan
 * preview and the problems list beside them.
 */
public final class EditorView {

    /** The plan preview and problems column: wide enough for the arrival histogram's labels. */
    static final double SIDE_WIDTH = 440;

    private final BorderPane root = new BorderPane();
    private final EditorViewModel vm;
    private final FileDialogs dialogs;
    private final TabPane tabs = new TabPane();
    private final Tab formTab = new Tab("Form");
    private final Tab yamlTab = new Tab("YAML");
    private final TextArea yaml = new TextArea();
    private final FormView form;
    private final SweepView sweep;
    private final RunAction runAction;

    /**
     * The Run button the editor offers: on while {@code enabled}, otherwise {@code whyNot} says why (the study's
     * first problem, a run in progress).
     */
    public record RunAction(javafx.beans.value.ObservableBooleanValue enabled,
            javafx.beans.value.ObservableStringValue whyNot, Runnable run, Runnable editProfile) {

        /** Without a cluster profile editor. */
        public RunAction(javafx.beans.value.ObservableBooleanValue enabled,
                javafx.beans.value.ObservableStringValue whyNot, Runnable run) {
            this(enabled, whyNot, run, null);
        }
    }

    /** An editor without a Run button (tests of the editor alone). */
    public EditorView(EditorViewModel vm, FileDialogs dialogs) {
        this(vm, dialogs, null);
    }

    public EditorView(EditorViewModel vm, FileDialogs dialogs, RunAction runAction) {
        this(vm, dialogs, runAction, null);
    }

    /** @param images where charts' "Save as PNG…" writes; null leaves only "Copy image" */
    public EditorView(EditorViewModel vm, FileDialogs dialogs, RunAction runAction, ChartImages.Saver images) {
        this.vm = vm;
        this.dialogs = dialogs;
        this.runAction = runAction;
        root.setId("editor-view");
        root.getStyleClass().add("editor-view");

        sweep = new SweepView(vm.sweep());
        TraceSectionView trace = new TraceSectionView(vm.trace(), dialogs, images);
        form = new FormView(vm.form(), sweep.node(), vm.prometheus(), trace.node(),
                new LengthPreviewView(vm.lengths()).node());
        form.node().getContent().disableProperty().bind(vm.document().parseableProperty().not());
        yaml.setId("editor-yaml");
        yaml.getStyleClass().add("yaml-text");
        yaml.textProperty().bindBidirectional(vm.textProperty());
        formTab.setContent(form.withUndoBar());
        formTab.setId("editor-form-tab");
        yamlTab.setContent(yaml);
        yamlTab.setId("editor-yaml-tab");
        tabs.getTabs().setAll(formTab, yamlTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);

        PlanPreviewView plan = new PlanPreviewView(vm.validation(), images);
        plan.showTrace(trace.previewNode(), vm.trace().presentProperty());
        ProblemsView problems = new ProblemsView(vm.validation());
        PrecisionPreviewView precision = new PrecisionPreviewView(vm.validation());
        VBox side = new VBox(plan.node(), precision.node(), problems.node());
        VBox.setVgrow(plan.node(), Priority.ALWAYS);
        side.setMinWidth(SIDE_WIDTH);
        side.setPrefWidth(SIDE_WIDTH);
        side.setMaxWidth(SIDE_WIDTH);
        side.getStyleClass().add("editor-side");

        root.setTop(header());
        BorderPane.setMargin(tabs, new Insets(0, 0, 10, 10));
        root.setCenter(tabs);
        // a short window (1100x700) scrolls the side column instead of cutting the form's bottom off with it
        javafx.scene.control.ScrollPane sideScroll = new javafx.scene.control.ScrollPane(side);
        sideScroll.setFitToWidth(true);
        sideScroll.setFitToHeight(true);
        sideScroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        sideScroll.setMinWidth(SIDE_WIDTH + 14); // room for the scroll bar beside the column
        sideScroll.setPrefWidth(SIDE_WIDTH + 14);
        sideScroll.setMinHeight(0);
        sideScroll.setStyle("-fx-background-color: transparent; -fx-background-insets: 0; -fx-padding: 0");
        root.setRight(sideScroll);
        vm.validation().focusRequestProperty().addListener((o, a, p) -> {
            if (p != null) {
                goTo(p);
            }
        });
    }

    private VBox header() {
        Label name = new Label();
        name.getStyleClass().add("view-title");
        name.textProperty().bind(vm.studyNameProperty());
        // the study's name keeps up to 320 px before the file label gives any up (at 1100 px it was cut to 'quickst…'
        // while the file label kept 'y (not saved yet)')
        name.minWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            javafx.scene.text.Text measure = new javafx.scene.text.Text(name.getText());
            measure.setFont(name.getFont());
            return Math.min(320, Math.ceil(measure.getLayoutBounds().getWidth()) + 4);
        }, name.textProperty(), name.fontProperty()));
        Label file = new Label();
        file.getStyleClass().add("file-label");
        file.setMinWidth(0);
        file.setTextOverrun(javafx.scene.control.OverrunStyle.LEADING_ELLIPSIS); // keep the file name, drop the folder
        file.textProperty().bind(vm.fileProperty().asString().map(s -> s.equals("null")
                ? "New study (not saved yet) — Ctrl+S saves it" : s));
        Label unsaved = new Label("• unsaved changes");
        unsaved.setId("editor-unsaved");
        unsaved.getStyleClass().add("unsaved-mark");
        unsaved.setTooltip(new Tooltip("The study has edits that are not saved yet (Ctrl+S saves them)"));
        unsaved.visibleProperty().bind(vm.dirtyProperty());
        unsaved.managedProperty().bind(unsaved.visibleProperty());
        unsaved.setMinWidth(Region.USE_PREF_SIZE);
        Label parse = new Label("The YAML does not parse: the form shows the last valid state");
        parse.getStyleClass().add("field-error");
        parse.visibleProperty().bind(vm.document().parseableProperty().not());
        parse.managedProperty().bind(parse.visibleProperty());

        Button newStudy = action("New", "New study from the quickstart (Ctrl+N)", vm::newStudy);
        Button open = action("Open…", "Open a study file (Ctrl+O)", () -> dialogs
                .chooseOpenFile("Open study", "Study YAML", "*.yaml", "*.yml").ifPresent(vm::openStudy));
        MenuButton recent = new MenuButton("Recent");
        recent.setId("editor-recent");
        recent.setMinWidth(Region.USE_PREF_SIZE);
        Runnable fill = () -> {
            recent.getItems().clear();
            for (Path p : vm.recentStudies()) {
                MenuItem item = new MenuItem(p.toString());
                item.setOnAction(e -> vm.openStudy(p));
                recent.getItems().add(item);
            }
            recent.setDisable(recent.getItems().isEmpty());
        };
        vm.recentStudies().addListener((javafx.collections.ListChangeListener<Path>) c -> fill.run());
        fill.run();
        Button save = action("Save", "Save the YAML shown in the YAML tab (Ctrl+S)", this::save);
        Button saveAs = action("Save as…", "Save to another file", this::saveAs);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox titleRow = new HBox(10, name, unsaved, file, spacer, newStudy, open, recent, save, saveAs);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        Label comments = FormView.messageLabel("editor-comment-warning", "field-error", vm.commentWarningProperty());
        VBox top = new VBox(4, titleRow, parse, comments);
        if (runAction != null) {
            Button run = action("Run", "Run this study; the Live view shows it (Ctrl+R)", runAction.run());
            run.setId("editor-run");
            run.getStyleClass().add("run-button");
            run.disableProperty().bind(javafx.beans.binding.Bindings.not(runAction.enabled()));
            titleRow.getChildren().add(new javafx.scene.control.Separator(javafx.geometry.Orientation.VERTICAL));
            javafx.scene.control.ComboBox<ExecutorKind> runOn = new javafx.scene.control.ComboBox<>(
                    javafx.collections.FXCollections.observableArrayList(ExecutorKind.values()));
            runOn.setId("editor-run-on");
            runOn.valueProperty().bindBidirectional(vm.runOnProperty());
            runOn.setConverter(new javafx.util.StringConverter<>() {
                @Override
                public String toString(ExecutorKind k) {
                    return k == null ? "" : k == ExecutorKind.LOCAL ? "this machine" : "cluster profile";
                }

                @Override
                public ExecutorKind fromString(String s) {
                    return null;
                }
            });
            runOn.setTooltip(new Tooltip("Where Run runs the study: here, or as one Slurm batch job per session group"
                    + " with the profile " + vm.clusterProfileFile() + " (as 'joulebench run --executor slurm')"));
            Label runOnLabel = new Label("Run on");
            runOnLabel.setLabelFor(runOn);
            javafx.scene.control.TextField runLabel = new javafx.scene.control.TextField();
            runLabel.setId("editor-run-label");
            runLabel.setPromptText("optional");
            runLabel.setPrefColumnCount(14);
            runLabel.textProperty().bindBidirectional(vm.runLabelProperty());
            runLabel.setTooltip(new Tooltip("A name for the next run, kept in its manifest and shown in Results and"
                    + " Compare (as 'joulebench run --label')"));
            Label runLabelLabel = new Label("Run label");
            runLabelLabel.setLabelFor(runLabel);
            HBox runBar = new HBox(8, runLabelLabel, runLabel, runOnLabel, runOn);
            runBar.setAlignment(Pos.CENTER_RIGHT);
            runBar.setId("editor-run-bar");
            if (runAction.editProfile() != null) {
                Button profile = action("Profile…", "Edit the cluster profile (partition, account, GPUs, shared"
                        + " folder, SSH host): " + vm.clusterProfileFile(), runAction.editProfile());
                profile.setId("editor-cluster-profile");
                profile.visibleProperty().bind(vm.runOnProperty().isEqualTo(ExecutorKind.SLURM));
                profile.managedProperty().bind(profile.visibleProperty());
                runBar.getChildren().add(profile);
            }
            titleRow.getChildren().add(run);
            // where it runs, on its own line under the title: the title row keeps the study's name whole at 1100 px
            top.getChildren().add(runBar);
            Label whyNot = new Label();
            whyNot.setId("editor-run-off");
            whyNot.getStyleClass().add("run-off-reason");
            whyNot.textProperty().bind(runAction.whyNot());
            whyNot.setWrapText(true);
            whyNot.visibleProperty().bind(whyNot.textProperty().isNotEmpty());
            whyNot.managedProperty().bind(whyNot.visibleProperty());
            top.getChildren().add(whyNot);
        }
        top.setPadding(new Insets(10, 10, 6, 10));
        return top;
    }

    private void save() {
        if (vm.needsSaveTarget()) {
            saveAs();
        } else {
            vm.saveStudy();
        }
    }

    private void saveAs() {
        dialogs.chooseSaveFile("Save study", vm.studyNameProperty().get() + ".yaml").ifPresent(vm::saveStudyAs);
    }

    /** Shows a problem: its form field, or its line in the YAML tab. */
    private void goTo(Problem p) {
        if (p.fieldKey() != null) {
            tabs.getSelectionModel().select(formTab);
            boolean shown = p.fieldKey().equals(StudyFormViewModel.RATES)
                    || p.fieldKey().equals(StudyFormViewModel.SECOND_AXIS) ? focusSweep() : form.focus(p.fieldKey());
            if (shown) {
                return;
            }
        }
        tabs.getSelectionModel().select(yamlTab);
        yaml.requestFocus();
        yaml.positionCaret(offsetOfLine(yaml.getText(), p.line()));
    }

    private boolean focusSweep() {
        sweep.focus();
        form.node().setVvalue(0);
        return true;
    }

    static int offsetOfLine(String text, int line) {
        int offset = 0;
        for (int l = 1; l < line && offset >= 0; l++) {
            int next = text.indexOf('\n', offset);
            if (next < 0) {
                return text.length();
            }
            offset = next + 1;
        }
        return offset;
    }

    private static Button action(String text, String tip, Runnable run) {
        Button b = new Button(text);
        b.setMinWidth(Region.USE_PREF_SIZE); // the file name gives way first, never a button's text
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> run.run());
        return b;
    }

    public BorderPane node() {
        return root;
    }
}

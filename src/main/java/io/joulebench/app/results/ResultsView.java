package io.joulebench.app.results;

import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.BannerView;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.PathBar;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.geometry.Orientation;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The results browser: loaded studies on the left; windows table, grouping by rate and plots in tabs. */
public final class ResultsView {

    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();

    public ResultsView(ResultsViewModel vm, FileDialogs dialogs) {
        this(vm, dialogs, null);
    }

    /** @param images where the plots' "Save as PNG…" writes; null leaves only "Copy image" */
    public ResultsView(ResultsViewModel vm, FileDialogs dialogs, ChartImages.Saver images) {
        root.setId("results-view");
        root.getStyleClass().add("results-view");

        Button open = new Button("Open results…");
        open.setId("results-open");
        open.setOnAction(e -> dialogs.chooseFolder("Open a results folder", vm.openDialogFolder())
                .ifPresent(vm::openInBackground));
        MenuButton recent = new MenuButton("Recent");
        recent.setId("results-recent");
        fillRecent(recent, vm);
        vm.recent().addListener((ListChangeListener<Path>) c -> fillRecent(recent, vm));

        Button exportSelected = new Button("Export selected…");
        exportSelected.setId("results-export-selected");
        exportSelected.disableProperty().bind(vm.exportingProperty().or(Bindings.isEmpty(vm.selection())));
        exportSelected.setOnAction(e -> dialogs.chooseSaveFile("Export selected windows", "windows-selected.csv",
                vm.dialogFolder())
                .ifPresent(p -> vm.export(true, p)));
        Button exportAll = new Button();
        exportAll.setId("results-export-all");
        // It writes what the table shows: its filters and the chosen run apply, and the button says how many.
        exportAll.textProperty().bind(Bindings.createStringBinding(() -> vm.shown().size() == vm.rows().size()
                ? "Export all…" : "Export " + vm.shown().size() + " shown…", vm.shown(), vm.rows()));
        exportAll.setTooltip(new javafx.scene.control.Tooltip("Write the windows the table shows (after its filters"
                + " and the chosen run) as CSV"));
        exportAll.disableProperty().bind(vm.exportingProperty().or(Bindings.isEmpty(vm.shown())));
        exportAll.setOnAction(e -> dialogs.chooseSaveFile("Export the windows shown", "windows.csv", vm.dialogFolder())
                .ifPresent(p -> vm.export(false, p)));
        Button bundle = new Button("Open bundle folder");
        bundle.setId("results-open-bundle");
        bundle.disableProperty().bind(Bindings.isEmpty(vm.studies()).or(vm.openingFolderProperty()));
        bundle.setOnAction(e -> vm.openBundleFolder());
        bundle.setTooltip(new javafx.scene.control.Tooltip(
                "Open the selected window's bundle folder (or the results folder) in the file browser"));

        ProgressBar progress = new ProgressBar(0);
        progress.setId("results-export-progress");
        progress.setPrefWidth(140);
        progress.progressProperty().bind(vm.exportProgressProperty());
        progress.visibleProperty().bind(vm.exportProgressProperty().greaterThanOrEqualTo(0));
        progress.managedProperty().bind(progress.visibleProperty());
        Label status = new Label();
        status.setId("results-export-status");
        status.textProperty().bind(vm.exportStatusProperty());

        WindowsTableView windows = new WindowsTableView(vm);
        Button clearFilters = new Button("Clear filters");
        clearFilters.setId("results-clear-filters");
        clearFilters.setTooltip(new javafx.scene.control.Tooltip(
                "Filter a column by its values (Filter, or a header's right-click); this clears them all"));
        clearFilters.disableProperty().bind(Bindings.size(vm.shown()).isEqualTo(Bindings.size(vm.rows())));
        clearFilters.setOnAction(e -> windows.filter().resetAllFilters());
        javafx.scene.control.Label reading = new javafx.scene.control.Label();
        reading.setId("results-reading");
        reading.textProperty().bind(Bindings.createStringBinding(() -> vm.readingProperty().get() == 0 ? ""
                : "Reading " + vm.readingProperty().get() + " folder" + (vm.readingProperty().get() == 1 ? "" : "s")
                        + "…", vm.readingProperty()));
        reading.visibleProperty().bind(vm.readingProperty().greaterThan(0));
        reading.managedProperty().bind(reading.visibleProperty());
        HBox toolbar = new HBox(8, open, recent, reading, new Separator(Orientation.VERTICAL), exportSelected, exportAll,
                bundle, new Separator(Orientation.VERTICAL), windows.columnChooser(), windows.filterChooser(), clearFilters, progress, status);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        // Buttons keep their text at 1100 px; the status line gives way.
        for (javafx.scene.Node n : toolbar.getChildren()) {
            if (n instanceof javafx.scene.control.ButtonBase b) {
                b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            }
        }
        status.setMinWidth(0);
        toolbar.getStyleClass().add("view-toolbar");
        Button dismiss = new Button("✕");
        dismiss.setId("results-folder-notice-close");
        dismiss.setOnAction(e -> vm.dismissFolderNotice());
        PathBar notice = new PathBar("results-folder-notice", vm.folderNoticeProperty(),
                vm.unopenedFolderProperty(), true).with(dismiss);
        notice.getStyleClass().add("folder-notice");
        Label fidelity = new Label();
        fidelity.setId("results-fidelity");
        fidelity.setWrapText(true);
        fidelity.getStyleClass().add("file-label");
        fidelity.textProperty().bind(vm.fidelityProperty());
        fidelity.visibleProperty().bind(vm.fidelityProperty().isNotEmpty());
        fidelity.managedProperty().bind(fidelity.visibleProperty());
        fidelity.setTooltip(new javafx.scene.control.Tooltip("A trace replay's fidelity per level: delivered input and "
                + "output tokens over the trace's, the share of prompt tokens built to be shareable, and the share "
                + "the server served from its cache"));
        // The toolbar first: a banner or notice that appears below it never moves a button under the pointer.
        VBox top = new VBox(6, toolbar, new BannerView(vm.bannerProperty()), notice, fidelity);
        top.setPadding(new Insets(8, 10, 6, 10));
        root.setTop(top);

        ListView<LoadedStudy> studies = new ListView<>(vm.studies());
        studies.setId("results-studies");
        studies.setPlaceholder(new Label("No results open"));
        Button close = new Button("Close");
        close.disableProperty().bind(studies.getSelectionModel().selectedItemProperty().isNull());
        // Both ways: the user's choice reaches the view model, and the view model chooses what just arrived.
        studies.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> vm.selectedStudyProperty().set(b));
        vm.selectedStudyProperty().addListener((o, a, b) -> {
            if (b == null) {
                studies.getSelectionModel().clearSelection();
            } else if (studies.getSelectionModel().getSelectedItem() != b) {
                studies.getSelectionModel().select(b);
                studies.scrollTo(b);
            }
        });
        Button all = new Button("Show all");
        all.setId("results-show-all");
        all.setTooltip(new javafx.scene.control.Tooltip("Show the windows of every loaded run again"));
        all.disableProperty().bind(studies.getSelectionModel().selectedItemProperty().isNull());
        all.setOnAction(e -> studies.getSelectionModel().clearSelection());
        close.setOnAction(e -> vm.close(studies.getSelectionModel().getSelectedItem()));
        Label hint = new Label("Choose a run to show only its windows.");
        hint.setWrapText(true);
        hint.getStyleClass().add("file-label");
        VBox left = new VBox(6, new Label("Loaded results"), studies, hint, new HBox(6, close, all));
        left.setPadding(new Insets(0, 0, 0, 0));
        left.setMinWidth(140);
        left.setPrefWidth(170);
        left.setMaxWidth(260);
        VBox.setVgrow(studies, javafx.scene.layout.Priority.ALWAYS);

        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getTabs().setAll(
                new Tab("Windows", windows.node()),
                new Tab("By rate", new GroupingView(vm).node()),
                new Tab("Plots", new PlotsView(vm.plotsProperty(), vm.logRateAxisProperty(), images,
                        vm.imageLabelProperty()).node()));
        // The column menu is about the windows table: off on the other tabs.
        windows.columnChooser().disableProperty()
                .bind(tabs.getSelectionModel().selectedIndexProperty().isNotEqualTo(0));
        windows.filterChooser().disableProperty()
                .bind(tabs.getSelectionModel().selectedIndexProperty().isNotEqualTo(0));
        SplitPane split = new SplitPane(left, tabs);
        split.setDividerPositions(0.12);
        SplitPane.setResizableWithParent(left, false);
        split.setPadding(new Insets(0, 10, 6, 10));
        root.setCenter(split);
        PathBar folder = new PathBar("results-folder", new javafx.beans.property.SimpleStringProperty(
                "Results folder:"), vm.shownFolderProperty());
        folder.setPadding(new Insets(0, 10, 8, 10));
        root.setBottom(folder);
    }

    private static void fillRecent(MenuButton recent, ResultsViewModel vm) {
        recent.getItems().clear();
        for (Path p : vm.recent()) {
            MenuItem item = new MenuItem(p.toString());
            item.setMnemonicParsing(false);
            item.setOnAction(e -> vm.openInBackground(p));
            recent.getItems().add(item);
        }
        recent.setDisable(recent.getItems().isEmpty());
    }

    public TabPane tabs() {
        return tabs;
    }

    public BorderPane node() {
        return root;
    }
}

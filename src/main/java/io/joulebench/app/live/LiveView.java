package io.joulebench.app.live;

import io.joulebench.app.fx.BannerView;
import io.joulebench.app.fx.ChartImages;
import java.io.File;
import java.nio.file.Path;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;

/** The live view: run controls and progress on top, the window chart and KPI tiles, the power trace and levels. */
public final class LiveView {

    private final BorderPane root = new BorderPane();

    /**
     * @param chooseResumeFolder asks the user for an interrupted results folder; null when cancelled
     */
    public LiveView(LiveViewModel vm, Supplier<File> chooseResumeFolder) {
        this(vm, chooseResumeFolder, null);
    }

    /**
     * @param chooseResumeFolder asks the user for an interrupted results folder; null when cancelled
     * @param images             where the charts' "Save as PNG…" writes; null leaves only "Copy image"
     */
    public LiveView(LiveViewModel vm, Supplier<File> chooseResumeFolder, ChartImages.Saver images) {
        this(vm, chooseResumeFolder, () -> null, javafx.collections.FXCollections.observableArrayList(), images);
    }

    /**
     * @param chooseResumeFolder asks the user for an interrupted results folder; null when cancelled
     * @param chooseFollowFolder asks the user for a results folder to follow; null when cancelled
     * @param recentRuns         recent results folders, offered in Follow's menu
     * @param images             where the charts' "Save as PNG…" writes; null leaves only "Copy image"
     */
    public LiveView(LiveViewModel vm, Supplier<File> chooseResumeFolder, Supplier<File> chooseFollowFolder,
            javafx.collections.ObservableList<Path> recentRuns, ChartImages.Saver images) {
        root.getStyleClass().add("live-view");
        root.setId("live-view");

        Button run = new Button("Run");
        run.setId("live-run");
        run.setDefaultButton(false);
        run.setTooltip(new Tooltip("Run the study in the editor (Ctrl+R)"));
        run.disableProperty().bind(vm.canRunProperty().not());
        run.setOnAction(e -> vm.run());
        Button cancel = new Button("Cancel");
        cancel.setId("live-cancel");
        cancel.setTooltip(new Tooltip("Cancel the run after a confirmation (Esc)"));
        cancel.disableProperty().bind(vm.canCancelProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        Button resume = new Button("Resume…");
        resume.setId("live-resume");
        resume.setTooltip(new Tooltip("Continue an interrupted results folder"));
        resume.disableProperty().bind(vm.canResumeProperty().not());
        resume.setOnAction(e -> {
            File dir = chooseResumeFolder.get();
            if (dir != null) {
                vm.resume(Path.of(dir.getPath()));
            }
        });
        javafx.scene.control.SplitMenuButton follow = new javafx.scene.control.SplitMenuButton();
        follow.setText("Follow…");
        follow.setId("live-follow");
        follow.setTooltip(new Tooltip("Follow a results folder that another run writes: a run in a terminal or on a"
                + " cluster, with its chart, tiles, levels and jobs; Cancel then cancels that run"));
        follow.disableProperty().bind(vm.canFollowProperty().not());
        follow.setOnAction(e -> {
            File dir = chooseFollowFolder.get();
            if (dir != null) {
                vm.follow(Path.of(dir.getPath()));
            }
        });
        Runnable fillFollow = () -> {
            javafx.scene.control.MenuItem choose = new javafx.scene.control.MenuItem("Follow results folder…");
            choose.setOnAction(e -> follow.fire());
            follow.getItems().setAll(choose);
            if (!recentRuns.isEmpty()) {
                follow.getItems().add(new javafx.scene.control.SeparatorMenuItem());
            }
            for (Path recent : recentRuns) {
                javafx.scene.control.MenuItem item = new javafx.scene.control.MenuItem("Follow " + recent);
                item.setMnemonicParsing(false);
                item.setOnAction(e -> vm.follow(recent));
                follow.getItems().add(item);
            }
        };
        fillFollow.run();
        recentRuns.addListener((javafx.collections.ListChangeListener<Path>) c -> fillFollow.run());
        Label followed = new Label();
        followed.setId("live-following");
        followed.getStyleClass().add("live-notice");
        followed.textProperty().bind(vm.followingProperty());
        followed.setMinWidth(0);
        Tooltip followedTip = new Tooltip();
        followedTip.textProperty().bind(vm.followingProperty());
        followed.setTooltip(followedTip);
        Button stopFollowing = new Button("Stop following");
        stopFollowing.setId("live-stop-following");
        stopFollowing.setTooltip(new Tooltip("Show this workbench's own runs again; the followed run goes on"));
        stopFollowing.visibleProperty().bind(vm.followingProperty().isNotEmpty());
        stopFollowing.managedProperty().bind(stopFollowing.visibleProperty());
        stopFollowing.setOnAction(e -> vm.stopFollowing());
        Label energy = new Label();
        energy.getStyleClass().add("energy-label");
        energy.textProperty().bind(vm.energyLabelProperty());
        Label notice = new Label();
        notice.setId("live-notice");
        notice.getStyleClass().add("live-notice");
        notice.textProperty().bind(vm.noticeProperty());
        Label runOff = new Label();
        runOff.setId("live-run-off");
        runOff.getStyleClass().add("run-off-reason");
        runOff.textProperty().bind(vm.runOffReasonProperty());
        runOff.setMinWidth(0);
        Tooltip runOffTip = new Tooltip();
        runOffTip.textProperty().bind(vm.runOffReasonProperty());
        runOff.setTooltip(runOffTip);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox toolbar = new HBox(8, run, cancel, resume, follow, stopFollowing, followed, notice, runOff, spacer,
                energy);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add("view-toolbar");
        // Buttons keep their text; the labels (what is followed, why Run is off) give way.
        for (javafx.scene.Node n : toolbar.getChildren()) {
            if (n instanceof javafx.scene.control.ButtonBase b) {
                b.setMinWidth(Region.USE_PREF_SIZE);
            }
        }

        // The toolbar first: the banner that appears when a run starts never moves Cancel under the pointer.
        VBox top = new VBox(6, toolbar, new BannerView(vm.bannerProperty()), new ProgressView(vm).node());
        top.setPadding(new Insets(8, 10, 4, 10));
        root.setTop(top);

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(4, 10, 10, 10));
        ColumnConstraints left = new ColumnConstraints();
        left.setPercentWidth(52);
        ColumnConstraints right = new ColumnConstraints();
        // Wide enough for the level table's verdict to wrap a gate's reason in a few lines.
        right.setPercentWidth(48);
        grid.getColumnConstraints().setAll(left, right);
        // Narrow (a 1100 px window): the level table gets more of the width, so its verdict column stays in view.
        grid.widthProperty().addListener((o, a, w) -> {
            boolean narrow = w.doubleValue() < NARROW_BELOW;
            left.setPercentWidth(narrow ? 45 : 52);
            right.setPercentWidth(narrow ? 55 : 48);
        });
        RowConstraints upper = new RowConstraints();
        upper.setPercentHeight(54);
        RowConstraints lower = new RowConstraints();
        lower.setPercentHeight(46);
        grid.getRowConstraints().setAll(upper, lower);
        grid.add(ReplayAndWindows.of(vm, new SearchAndWindows(vm, new WindowChartView(vm.windowChartProperty(),
                images).node(), new CapacityChartView(vm.capacityChartProperty(), images).node()).node(),
                new ReplayRateChartView(vm.replayRatesProperty(), images).node()), 0, 0);
        grid.add(new KpiTilesView(vm).node(), 1, 0);
        grid.add(new PowerChartView(vm.powerChartProperty(), images).node(), 0, 1);
        TableViewStack levelsAndJobs = new TableViewStack(new LevelTableView(vm).node(), new JobTableView(vm).node());
        grid.add(levelsAndJobs.node(), 1, 1);
        root.setCenter(grid);
    }

    /** The level table over the job table (shown for a cluster run only); the level table takes what is left. */
    private record TableViewStack(Region levels, Region jobs) {
        VBox node() {
            VBox box = new VBox(6, levels, jobs);
            VBox.setVgrow(levels, Priority.ALWAYS);
            return box;
        }
    }

    /** Below this width of the charts-and-tables grid the right column widens. */
    static final double NARROW_BELOW = 1150;

    public BorderPane node() {
        return root;
    }
}

package io.joulebench.app.live;

import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.StackPane;

/**
 * The live view's top-left cell in a trace replay: the windows (or the search and the windows) and the replay's
 * scheduled-versus-achieved rate as two tabs, the rate in front when the replay's schedule first appears; without a
 * replay, the windows alone.
 */
final class ReplayAndWindows {

    private ReplayAndWindows() {
    }

    static StackPane of(LiveViewModel vm, Node windows, Node replay) {
        StackPane root = new StackPane();
        Tab windowsTab = new Tab("Windows");
        windowsTab.setId("live-replay-windows-tab");
        windowsTab.setClosable(false);
        Tab replayTab = new Tab("Replay rate");
        replayTab.setId("live-replay-tab");
        replayTab.setClosable(false);
        TabPane tabs = new TabPane(windowsTab, replayTab);
        tabs.setId("live-replay-tabs");
        Runnable layout = () -> {
            if (vm.replayRatesProperty().get().present()) {
                windowsTab.setContent(windows);
                replayTab.setContent(replay);
                root.getChildren().setAll(tabs);
                tabs.getSelectionModel().select(replayTab);
            } else {
                windowsTab.setContent(null);
                replayTab.setContent(null);
                root.getChildren().setAll(windows);
            }
        };
        vm.replayRatesProperty().addListener((o, a, b) -> {
            if (a.present() != b.present()) {
                layout.run();
            }
        });
        layout.run();
        return root;
    }
}

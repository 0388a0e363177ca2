package io.joulebench.app.live;

import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.StackPane;

/**
 * The live view's top-left cell: the window chart alone, or, in a run with a capacity search, two tabs — the search
 * and the measured windows — with the search in front while it runs and the windows once they begin. A tab the user
 * picks stays picked until the next such change.
 */
final class SearchAndWindows {

    private final StackPane root = new StackPane();

    SearchAndWindows(LiveViewModel vm, Node windows, Node search) {
        Tab searchTab = new Tab("Capacity search");
        searchTab.setId("live-search-tab");
        searchTab.setClosable(false);
        Tab windowsTab = new Tab("Windows");
        windowsTab.setId("live-windows-tab");
        windowsTab.setClosable(false);
        TabPane tabs = new TabPane(searchTab, windowsTab);
        tabs.setId("live-search-tabs");
        Runnable layout = () -> {
            boolean withSearch = vm.capacityChartProperty().get().present();
            if (withSearch) {
                windowsTab.setContent(windows);
                searchTab.setContent(search);
                root.getChildren().setAll(tabs);
            } else {
                searchTab.setContent(null);
                windowsTab.setContent(null);
                root.getChildren().setAll(windows);
            }
        };
        vm.capacityChartProperty().addListener((o, a, b) -> {
            if (a.present() != b.present()) {
                layout.run();
            }
        });
        vm.searchInFocusProperty().addListener((o, a, inFocus) ->
                tabs.getSelectionModel().select(inFocus ? searchTab : windowsTab));
        layout.run();
        tabs.getSelectionModel().select(vm.searchInFocusProperty().get() ? searchTab : windowsTab);
    }

    StackPane node() {
        return root;
    }
}

package io.joulebench.app.shell;

import io.joulebench.app.fx.FileDialogs;
import java.util.EnumMap;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The main window's content: a left navigation with the three areas, the area shown, and the shortcuts. */
public final class ShellView {

    private final ShellViewModel vm;
    private final FileDialogs dialogs;
    private final BorderPane root = new BorderPane();

    public ShellView(ShellViewModel vm, FileDialogs dialogs, Map<Area, Node> areas) {
        this.vm = vm;
        this.dialogs = dialogs;
        root.getStyleClass().add("shell");
        ToggleGroup group = new ToggleGroup();
        Label brand = new Label("Joulebench");
        brand.getStyleClass().add("nav-brand");
        VBox nav = new VBox(4, brand);
        nav.getStyleClass().add("nav");
        nav.setPadding(new Insets(12, 8, 12, 8));
        Map<Area, ToggleButton> buttons = new EnumMap<>(Area.class);
        StackPane center = new StackPane();
        for (Area area : Area.values()) {
            ToggleButton b = new ToggleButton(area.label());
            b.setId("nav-" + area.name().toLowerCase(java.util.Locale.ROOT));
            b.getStyleClass().add("nav-button");
            b.setToggleGroup(group);
            b.setMaxWidth(Double.MAX_VALUE);
            b.setTooltip(new Tooltip("Show the " + area.label() + " area"));
            b.setOnAction(e -> vm.areaProperty().set(area));
            buttons.put(area, b);
            nav.getChildren().add(b);
            Node content = areas.get(area);
            content.visibleProperty().bind(vm.areaProperty().isEqualTo(area));
            center.getChildren().add(content);
        }
        vm.areaProperty().addListener((o, a, b) -> buttons.get(b).setSelected(true));
        buttons.get(vm.areaProperty().get()).setSelected(true);
        // A toggle clicked twice must stay selected: the area is a choice, not an on/off switch.
        group.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null && a != null) {
                a.setSelected(true);
            }
        });
        root.setLeft(nav);
        root.setCenter(center);
    }

    /** Puts the menu bar (Help) across the top of the window. */
    public void setMenuBar(javafx.scene.control.MenuBar bar) {
        root.setTop(bar);
    }

    /** Ctrl+N/O/S for studies, Ctrl+R to run, Esc to cancel a run after a confirmation. */
    public void installShortcuts(Scene scene) {
        Map<KeyCombination, Runnable> keys = scene.getAccelerators();
        keys.put(new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN), vm::newStudy);
        keys.put(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN),
                () -> dialogs.chooseOpenFile("Open study", "Study YAML", "*.yaml", "*.yml").ifPresent(vm::openStudy));
        keys.put(new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN), this::save);
        keys.put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), vm::run);
        keys.put(new KeyCodeCombination(KeyCode.ESCAPE), vm::cancelRun);
    }

    private void save() {
        if (vm.saveNeedsTarget()) {
            dialogs.chooseSaveFile("Save study", vm.editor().studyNameProperty().get() + ".yaml")
                    .ifPresent(vm::saveStudy);
        } else {
            vm.saveStudy(null);
        }
    }

    public BorderPane node() {
        return root;
    }
}

package io.joulebench.app.results.energy;

import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The results browser's "Energy by device" tab: for the windows selected in the table, each domain's figure with its
 * labels, the device groups' figures, and one row per window × device (devices.csv).
 */
public final class EnergyBreakdownView {

    private final VBox root = new VBox(6);

    public EnergyBreakdownView(EnergyBreakdownViewModel vm) {
        root.setId("energy-breakdown");
        root.setPadding(new Insets(8));
        Label domains = wrapped("energy-breakdown-domains");
        domains.textProperty().bind(vm.domainsProperty());
        Label groups = wrapped("energy-breakdown-groups");
        groups.textProperty().bind(vm.groupsProperty());
        groups.visibleProperty().bind(vm.groupsProperty().isNotEmpty());
        groups.managedProperty().bind(groups.visibleProperty());
        Label status = wrapped("energy-breakdown-status");
        status.textProperty().bind(vm.statusProperty());
        status.getStyleClass().add("file-label");

        TableView<DeviceLine> table = new TableView<>(vm.devices());
        table.setId("energy-breakdown-devices");
        table.setPlaceholder(new Label("No device rows for the selection"));
        // Columns keep their width (the table scrolls sideways at 1100 px) rather than shrink into "Ener…".
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getColumns().add(text("Level", DeviceLine::levelShown, 56));
        table.getColumns().add(text("Window", DeviceLine::windowShown, 72));
        table.getColumns().add(text("Domain", DeviceLine::domain, 64));
        table.getColumns().add(text("Device", DeviceLine::device, 58));
        table.getColumns().add(text("Group", DeviceLine::group, 70));
        table.getColumns().add(text("Energy (J)", l -> number(l.energyJ(), "%.3f"), 95));
        table.getColumns().add(text("Power (W)", l -> number(l.meanPowerW(), "%.1f"), 92));
        table.getColumns().add(text("Kind", DeviceLine::kind, 80));
        table.getColumns().add(text("Method", DeviceLine::method, 135));
        table.getColumns().add(text("Source", DeviceLine::source, 95));
        table.getColumns().add(text("Name", DeviceLine::name, 230));
        table.getColumns().add(text("Architecture", DeviceLine::architecture, 110));
        table.getColumns().add(text("Window id", DeviceLine::window, 280));
        VBox.setVgrow(table, Priority.ALWAYS);
        root.getChildren().addAll(domains, groups, status, table);
    }

    /** The tab the results browser adds beside Windows, By rate and Plots. */
    public static Tab tab(EnergyBreakdownViewModel vm) {
        Tab tab = new Tab("Energy by device", new EnergyBreakdownView(vm).root);
        tab.setId("energy-breakdown-tab");
        return tab;
    }

    public VBox node() {
        return root;
    }

    private static Label wrapped(String id) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    private static TableColumn<DeviceLine, String> text(String title, Function<DeviceLine, String> value,
                                                        double width) {
        TableColumn<DeviceLine, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setMinWidth(Math.min(width, 50));
        return c;
    }

    private static String number(Double v, String pattern) {
        return v == null ? "" : String.format(Locale.ROOT, pattern, v);
    }
}

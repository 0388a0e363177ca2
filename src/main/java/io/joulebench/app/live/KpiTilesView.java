package io.joulebench.app.live;

import io.joulebench.app.fx.Formats;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableNumberValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Six number tiles: power, J/token, tokens/s, in-flight, dispatch lateness p99 and temperature. Each is a title
 * in a fixed, readable size over its value and unit, and "—" until there is a value (a tile that scaled its title
 * with its height read 5 px tall at 1100x700, and showed "0 W" before any data).
 */
public final class KpiTilesView {

    /** What a tile shows while its value is not known yet. */
    static final String NO_DATA = "—";

    private final GridPane grid = new GridPane();

    public KpiTilesView(LiveViewModel vm) {
        grid.getStyleClass().add("kpi-tiles");
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(4));
        add(0, 0, "power", "Power", "W", 0, vm.powerWProperty());
        add(1, 0, "j-per-token", "Energy / token", "J", 3, vm.jPerTokenProperty());
        add(0, 1, "throughput", "Throughput", "tok/s", 0, vm.tokensPerSProperty());
        add(1, 1, "in-flight", "In flight", "req", 0, vm.inFlightProperty());
        add(0, 2, "lateness", "Dispatch lateness p99", "ms", 1, vm.latenessP99MsProperty());
        add(1, 2, "temperature", "Temperature", "°C", 0, vm.temperatureCProperty());
    }

    private void add(int col, int row, String id, String title, String unit, int decimals,
            ObservableNumberValue value) {
        Label heading = new Label(title);
        heading.getStyleClass().add("kpi-title");
        heading.setMinWidth(0);
        Label number = new Label();
        number.setId("kpi-" + id);
        number.getStyleClass().add("kpi-value");
        number.setMinWidth(0);
        number.textProperty().bind(Bindings.createStringBinding(() -> text(value.doubleValue(), unit, decimals),
                value));
        VBox tile = new VBox(2, heading, number);
        tile.getStyleClass().add("kpi-tile");
        tile.setAlignment(Pos.TOP_LEFT);
        tile.setPadding(new Insets(8, 10, 8, 10));
        tile.setMinSize(110, Region.USE_PREF_SIZE);
        tile.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        number.setMaxWidth(Double.MAX_VALUE);
        number.setAlignment(Pos.CENTER_RIGHT);
        VBox.setVgrow(number, Priority.ALWAYS);
        number.setMaxHeight(Double.MAX_VALUE);
        GridPane.setHgrow(tile, Priority.ALWAYS);
        GridPane.setVgrow(tile, Priority.ALWAYS);
        grid.add(tile, col, row);
    }

    /** "224 W", "0.313 J"; "—" while the value is not known. */
    static String text(double v, String unit, int decimals) {
        return Double.isFinite(v) ? Formats.number(v, decimals) + " " + unit : NO_DATA;
    }

    public GridPane node() {
        return grid;
    }
}

package io.joulebench.app.live;

import eu.hansolo.tilesfx.Tile;
import eu.hansolo.tilesfx.TileBuilder;
import javafx.beans.value.ObservableNumberValue;
import javafx.geometry.Insets;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/** Six TilesFX number tiles: power, J/token, tokens/s, in-flight, dispatch lateness p99 and temperature. */
public final class KpiTilesView {

    private final GridPane grid = new GridPane();

    public KpiTilesView(LiveViewModel vm) {
        grid.getStyleClass().add("kpi-tiles");
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(4));
        add(0, 0, "Power", "W", 0, vm.powerWProperty());
        add(1, 0, "Energy / token", "J", 3, vm.jPerTokenProperty());
        add(0, 1, "Throughput", "tok/s", 0, vm.tokensPerSProperty());
        add(1, 1, "In flight", "req", 0, vm.inFlightProperty());
        add(0, 2, "Dispatch lateness p99", "ms", 1, vm.latenessP99MsProperty());
        add(1, 2, "Temperature", "°C", 0, vm.temperatureCProperty());
    }

    private void add(int col, int row, String title, String unit, int decimals, ObservableNumberValue value) {
        Tile tile = TileBuilder.create()
                .skinType(Tile.SkinType.NUMBER)
                .title(title)
                .unit(unit)
                .decimals(decimals)
                .minValue(-1e12)
                .maxValue(1e12)
                .animated(false)
                .textVisible(true)
                .prefSize(180, 120)
                .build();
        tile.setMinSize(120, 90);
        tile.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        GridPane.setHgrow(tile, Priority.ALWAYS);
        GridPane.setVgrow(tile, Priority.ALWAYS);
        show(tile, value.doubleValue());
        value.addListener((o, a, b) -> show(tile, b.doubleValue()));
        grid.add(tile, col, row);
    }

    private static void show(Tile tile, double v) {
        boolean known = Double.isFinite(v);
        tile.setValue(known ? v : 0);
        tile.setText(known ? "" : "no data yet");
    }

    public GridPane node() {
        return grid;
    }
}

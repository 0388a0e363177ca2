package io.joulebench.app.fx;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableCell;
import javafx.scene.control.Control;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** Small factories for read-only table columns over records. */
public final class Columns {

    private Columns() {
    }

    /** A text column. */
    public static <S> TableColumn<S, String> text(String title, Function<S, String> value) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(value.apply(f.getValue())));
        return c;
    }

    /** A numeric column shown with up to {@code decimals} decimals; sorts by value, unknown (NaN) last. */
    public static <S> TableColumn<S, Double> number(String title, Function<S, Double> value, int decimals) {
        return number(title, value, v -> Formats.number(v, decimals));
    }

    /** A number column whose cells are written by {@code format} (the same precision in every row, say). */
    public static <S> TableColumn<S, Double> number(String title, Function<S, Double> value,
            Function<Double, String> format) {
        TableColumn<S, Double> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(value.apply(f.getValue())));
        c.setComparator((a, b) -> Double.compare(key(a), key(b)));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : format.apply(item));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    /**
     * Shows a text column's values wrapped to the column's width (the row grows instead of the text ending in
     * "…"), with the whole value as the cell's tooltip.
     */
    public static <S> TableColumn<S, String> wrapping(TableColumn<S, String> column) {
        column.setCellFactory(col -> new TableCell<>() {
            private final Text text = new Text();

            {
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(12));
                text.fillProperty().bind(textFillProperty());
                text.fontProperty().bind(fontProperty());
                setPrefHeight(Control.USE_COMPUTED_SIZE);
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                boolean blank = empty || item == null || item.isEmpty();
                text.setText(blank ? "" : item);
                setGraphic(blank ? null : text);
                setTooltip(blank ? null : new Tooltip(item));
            }
        });
        column.getStyleClass().add("wrapping-column");
        return column;
    }

    /**
     * Gives the column's header a tooltip that says what its figure is (per window or per level, over which
     * requests). The header keeps its title; the tooltip is on a label that replaces the plain header text.
     */
    public static <S, T> TableColumn<S, T> explained(TableColumn<S, T> column, String meaning) {
        javafx.scene.control.Label header = new javafx.scene.control.Label(column.getText());
        header.setTooltip(new Tooltip(meaning));
        header.getTooltip().setWrapText(true);
        header.getTooltip().setMaxWidth(420);
        header.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        header.setMaxWidth(Double.MAX_VALUE);
        column.setGraphic(header);
        column.setText("");
        column.setUserData(meaning);
        return column;
    }

    /** The meaning {@link #explained} gave the column, or null. */
    public static String meaning(TableColumn<?, ?> column) {
        return column.getUserData() instanceof String s ? s : null;
    }

    /** The column's title, whether plain or {@link #explained}. */
    public static String title(TableColumn<?, ?> column) {
        if (column.getGraphic() instanceof javafx.scene.control.Label l) {
            return l.getText();
        }
        return column.getText();
    }

    /** The width a column needs to show {@code title} whole in a bold header of {@code size} px, padding included. */
    public static double headerWidth(String title, double size) {
        double widest = 0;
        for (String line : title.split("\n")) {
            Text t = new Text(line);
            t.setFont(Font.font(null, FontWeight.BOLD, size));
            widest = Math.max(widest, t.getLayoutBounds().getWidth());
        }
        return Math.ceil(widest + 22);
    }

    private static double key(Double d) {
        return d == null || d.isNaN() ? Double.MAX_VALUE : d;
    }
}

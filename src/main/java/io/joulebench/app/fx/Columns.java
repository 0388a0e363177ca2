package io.joulebench.app.fx;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;

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
        TableColumn<S, Double> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(value.apply(f.getValue())));
        c.setComparator((a, b) -> Double.compare(key(a), key(b)));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : Formats.number(item, decimals));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    private static double key(Double d) {
        return d == null || d.isNaN() ? Double.MAX_VALUE : d;
    }
}

package io.joulebench.core.csv;

/**
 * A results file's column as its enum constant declares it: the constant holds its {@link TableColumn} and these
 * read it, so each file's column enum says only what its columns are.
 *
 * @param <R> the typed row the column's value is read from
 */
public interface DeclaredColumn<R> {

    /** The column in the generic form every results file's table uses. */
    TableColumn<R> column();

    /** The column's name in the file's header. */
    default String header() {
        return column().name();
    }

    default CsvCells.Kind kind() {
        return column().kind();
    }

    /** The unit of the column's numbers ({@code ms}, {@code J}, {@code req/s}…), empty for ids, words and ratios. */
    default String unit() {
        return column().unit();
    }

    /** The column's value for one row; null is an empty cell. */
    default Object value(R row) {
        return column().value().apply(row);
    }
}

package io.joulebench.core.study;

/**
 * The one owner of level and window numbers shown to people: files keep their 0-based indices ({@code level_index},
 * {@code window_index} in windows.csv, devices.csv, result.json and events.jsonl), while every line, view and table
 * caption counts from 1. The CLI's progress lines, the live view and the results views all ask this class.
 */
public final class DisplayNumber {

    private DisplayNumber() {
    }

    /** The number people read for a 0-based index: index 0 is level (or window) 1. */
    public static int of(int index) {
        return index + 1;
    }

    /**
     * A file's index as written (a CSV cell) in the number people read; a cell that is not a whole number (empty,
     * or text) is shown as it is.
     */
    public static String of(String index) {
        if (index == null) {
            return "";
        }
        try {
            return Integer.toString(of(Integer.parseInt(index.strip())));
        } catch (NumberFormatException e) {
            return index;
        }
    }

    /** {@code 2/3}: the index's number of a count, as a progress line or a header says it. */
    public static String ofCount(int index, int count) {
        return of(index) + "/" + count;
    }
}

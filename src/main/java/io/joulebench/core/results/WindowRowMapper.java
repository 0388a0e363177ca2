package io.joulebench.core.results;

import io.joulebench.core.session.LevelResult;
import io.joulebench.core.window.WindowRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One window of a closed level → one {@code windows.csv} row: the {@link WindowColumn} table read from its
 * {@link WindowFacts}. Null stays null (an empty cell). An offline window fills the same row and leaves the server-only
 * fields (traffic, dispatch lag, cap-bound, SLO, warmup) empty.
 */
public final class WindowRowMapper {

    private final String studyName;
    private final String toolVersion;

    public WindowRowMapper(String studyName, String toolVersion) {
        this.studyName = studyName;
        this.toolVersion = toolVersion;
    }

    /** The typed row of one window. */
    public WindowFacts facts(LevelResult level, WindowRecord window, String windowId) {
        return new WindowFacts(level, window, windowId, studyName, toolVersion);
    }

    /** The row's values in {@link WindowsCsvColumns#ALL} order. */
    public List<Object> values(LevelResult level, WindowRecord window, String windowId) {
        return values(facts(level, window, windowId));
    }

    /** The row's values in the file's order, read by {@link WindowColumn#TABLE}. */
    public static List<Object> values(WindowFacts facts) {
        return WindowColumn.TABLE.values(facts);
    }

    /** The row keyed by column name, in file order; a null value is an empty cell. */
    public Map<String, Object> map(LevelResult level, WindowRecord w, String windowId) {
        WindowFacts facts = facts(level, w, windowId);
        Map<String, Object> r = new LinkedHashMap<>();
        for (WindowColumn column : WindowColumn.inOrder()) {
            r.put(column.header(), column.value(facts));
        }
        return r;
    }

    /** The level's reason for being invalid: the session's (abort, close) or the gate's; null when valid. */
    public static String invalidReason(LevelResult level) {
        return WindowFacts.invalidReason(level);
    }
}

package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;

/**
 * The one owner of window identities (spec §4.7): {@code server-{hash}-c{cycle}-L{level}-W{window}} for a server cell,
 * {@code offline-{hash}-c{cycle}} for the (single) window of an offline cell, {@code offline-{hash}-c{cycle}-W{n}} for
 * any later one. The cycle keeps repeat cycles of one grid point distinct; {@code L} is the cell's level in its plan
 * group. Bundle folders, staged request logs, the manifest and {@code LevelResult#windowId} all ask here.
 */
public final class WindowIds {

    private WindowIds() {
    }

    /** The id of window {@code windowIndex} of {@code cell} at plan level {@code levelIndex}. */
    public static String of(ResolvedCell cell, int levelIndex, int windowIndex) {
        return cell.isServer() ? server(cell.configHash(), cell.cycle(), levelIndex, windowIndex)
                : offline(cell.configHash(), cell.cycle()) + (windowIndex == 0 ? "" : "-W" + windowIndex);
    }

    public static String server(String configHash, int cycle, int levelIndex, int windowIndex) {
        return "server-" + configHash + "-c" + cycle + "-L" + levelIndex + "-W" + windowIndex;
    }

    public static String offline(String configHash, int cycle) {
        return "offline-" + configHash + "-c" + cycle;
    }
}

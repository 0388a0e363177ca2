package io.joulebench.core.session;

/** Window identities (spec §4.7); the cycle keeps repeat cycles of one grid point distinct. */
public final class WindowIds {

    private WindowIds() {
    }

    public static String server(String configHash, int cycle, int levelIndex, int windowIndex) {
        return "server-" + configHash + "-c" + cycle + "-L" + levelIndex + "-W" + windowIndex;
    }

    public static String offline(String configHash, int cycle) {
        return "offline-" + configHash + "-c" + cycle;
    }
}

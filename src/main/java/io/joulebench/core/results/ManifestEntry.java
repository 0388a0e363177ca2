package io.joulebench.core.results;

import java.util.List;

/**
 * One (config hash, cycle) of the manifest.
 *
 * @param cellIndex    the cell's position in dispatch order
 * @param reason       why it failed or was interrupted; null otherwise
 * @param failureType  what kind of failure ({@code LevelInvalid}, {@code LaunchFailed}, …); null unless failed
 * @param sessionId    the session that credited it; null until credited
 * @param windowIds    its credited windows (bundle folder names), empty until credited
 * @param summary      metrics of the credited level; null until credited
 */
public record ManifestEntry(int cellIndex, String configHash, int cycle, String label, CellStatus status,
                           String reason, String failureType, String sessionId, List<String> windowIds,
                           CellSummary summary, String updatedUtc) {

    public ManifestEntry {
        windowIds = List.copyOf(windowIds);
    }

    public static ManifestEntry pending(int cellIndex, String configHash, int cycle, String label) {
        return new ManifestEntry(cellIndex, configHash, cycle, label, CellStatus.PENDING, null, null, null, List.of(),
                null, null);
    }

    /** Credited cells are skipped on resume: completed ones, and failed ones whose windows were kept. */
    public boolean credited() {
        return status == CellStatus.COMPLETED || status == CellStatus.FAILED && !windowIds.isEmpty();
    }

    public String key() {
        return key(configHash, cycle);
    }

    public static String key(String configHash, int cycle) {
        return configHash + "-c" + cycle;
    }

    public ManifestEntry with(CellStatus newStatus, String newReason, String newFailureType, String newSessionId,
                              List<String> newWindowIds, CellSummary newSummary, String now) {
        return new ManifestEntry(cellIndex, configHash, cycle, label, newStatus, newReason, newFailureType,
                newSessionId, newWindowIds, newSummary, now);
    }
}

package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import java.util.List;

/**
 * What one level (one cell) of a session produced, handed to the {@link SessionSink} the moment the level ends.
 *
 * @param levelIndex     the level's position in its session group of the plan (the {@code L} of the window id; the
 *                       same in a resumed session that runs only part of the group)
 * @param outcome        the level that ran to the end of its drain (valid or gate-failed); null when it aborted
 * @param windows        the final windows: the outcome's, or the cleanly closed ones of an aborted level
 * @param warmup         the warmup before this level, or null when it never ran
 * @param invalidReason  null for a valid level; else the gate's reason or the abort reason
 *                       ({@code aborted: …}, {@code close failed: …}, {@code drain failed: …})
 * @param interrupted    true when the level was cut short by an interrupt: it is not credited and stays
 *                       {@code running} (resume reruns it); its closed windows are kept only as degraded bundles
 *                       outside the credited ones
 * @param offline        true for the one window of an {@code OfflineSession}: no outcome, no gate, no warmup; valid
 *                       when {@code invalidReason} is null; its window id is {@link WindowIds#offline}
 */
public record LevelResult(ResolvedCell cell, String sessionId, int levelIndex, LevelOutcome outcome,
                          List<WindowRecord> windows, WarmupResult warmup, EnergyContext energy,
                          String invalidReason, boolean interrupted, boolean offline) {

    public LevelResult {
        windows = List.copyOf(windows);
    }

    /** A server level (not offline). */
    public LevelResult(ResolvedCell cell, String sessionId, int levelIndex, LevelOutcome outcome,
                       List<WindowRecord> windows, WarmupResult warmup, EnergyContext energy,
                       String invalidReason, boolean interrupted) {
        this(cell, sessionId, levelIndex, outcome, windows, warmup, energy, invalidReason, interrupted, false);
    }

    /**
     * What every result of one level shares: its cell, session, plan level index, the warmup before it (null when
     * none ran) and the session's energy context. The named factories below are the ways a level ends.
     */
    public record Context(ResolvedCell cell, String sessionId, int levelIndex, WarmupResult warmup,
                          EnergyContext energy) {

        /** The level ran to the end of its drain: valid, or failed by the gate with its reason. */
        public LevelResult completed(LevelOutcome outcome) {
            return new LevelResult(cell, sessionId, levelIndex, outcome, outcome.windows(), warmup, energy,
                    outcome.validation().valid() ? null : outcome.validation().reason(), false);
        }

        /** The level failed after {@code closed} windows; it is credited {@code failed} with the reason. */
        public LevelResult aborted(List<WindowRecord> closed, String reason) {
            return new LevelResult(cell, sessionId, levelIndex, null, closed, warmup, energy, reason, false);
        }

        /** An interrupt cut the level: not credited, rerun on resume; its closed windows become degraded bundles. */
        public LevelResult cut(List<WindowRecord> closed, String reason) {
            return new LevelResult(cell, sessionId, levelIndex, null, closed, warmup, energy, reason, true);
        }
    }

    /** The context of a level about to end: see {@link Context}'s factories. */
    public static Context of(ResolvedCell cell, String sessionId, int levelIndex, WarmupResult warmup,
                             EnergyContext energy) {
        return new Context(cell, sessionId, levelIndex, warmup, energy);
    }

    /** This failed level, its reason replaced by the server's death (its closed windows kept, no outcome). */
    public LevelResult serverDied(String reason) {
        return new LevelResult(cell, sessionId, levelIndex, null, windows, warmup, energy, reason, false, offline);
    }

    /** The one window of an offline batch; valid when {@code invalidReason} is null. */
    public static LevelResult offline(ResolvedCell cell, String sessionId, List<WindowRecord> windows,
                                      EnergyContext energy, String invalidReason, boolean interrupted) {
        return new LevelResult(cell, sessionId, 0, null, windows, null, energy, invalidReason, interrupted, true);
    }

    /** Valid levels are credited {@code completed}; gate-failed and aborted-with-reason levels {@code failed}. */
    public boolean valid() {
        if (offline) {
            return invalidReason == null && !interrupted;
        }
        return invalidReason == null && outcome != null && outcome.validation().valid();
    }

    /** The id of one of this level's windows, as {@link WindowIds#of} makes it. */
    public String windowId(int windowIndex) {
        return WindowIds.of(cell, levelIndex, windowIndex);
    }
}

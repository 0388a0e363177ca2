package io.joulebench.core.results;

/**
 * Summary metrics of one credited cell (one level), kept in the manifest so a summary table needs no bundle reads.
 *
 * @param elapsedS       {@code max(span_end) − min(span_start)} over the level's windows
 * @param energyJ        Σ window energies, null when none was measured
 * @param tokens         Σ window output tokens
 * @param mjPerToken     {@code energyJ / tokens × 1000}, null when either is missing or tokens = 0
 * @param jPerTokenMean  the mean of the windows' J/token, null when no window has one
 * @param energyKind     measured, estimated or simulated
 * @param sessionsPerS   a session level's rate in sessions per second ({@code task.sessions}), else null; the
 *                       level's configured rate then is this, and {@code rateReqS} the requests per second that
 *                       resulted
 * @param rateReqS       the level's rate in requests per second: configured, or for a session level achieved (the
 *                       mean of its final windows' {@code request_throughput_req_s}; null when none completed)
 */
public record CellSummary(Double rateReqS, int windows, Double elapsedS, Double energyJ, long tokens, Double mjPerToken,
                          Double jPerTokenMean, boolean valid, String energyKind, Double sessionsPerS) {

    /** A level whose rate is requests per second. */
    public CellSummary(Double rateReqS, int windows, Double elapsedS, Double energyJ, long tokens, Double mjPerToken,
                       Double jPerTokenMean, boolean valid, String energyKind) {
        this(rateReqS, windows, elapsedS, energyJ, tokens, mjPerToken, jPerTokenMean, valid, energyKind, null);
    }
}

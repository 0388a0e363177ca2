package io.joulebench.core.results;

import io.joulebench.core.session.LevelResult;
import io.joulebench.core.window.WindowRecord;

/**
 * The manifest summary of a closed level (spec §4.5): elapsed span, Σ energy, Σ tokens, mJ/token; a session level's
 * sessions per second beside the requests per second that resulted ({@link LevelFigures}).
 */
final class CellSummaries {

    private CellSummaries() {
    }

    static CellSummary of(LevelResult level) {
        long minStart = Long.MAX_VALUE;
        long maxEnd = Long.MIN_VALUE;
        double energy = 0;
        boolean anyEnergy = false;
        long tokens = 0;
        double jptSum = 0;
        int jptCount = 0;
        String kind = level.energy() == null ? null : level.energy().kind().label();
        for (WindowRecord w : level.windows()) {
            minStart = Math.min(minStart, w.spanStartNanos());
            maxEnd = Math.max(maxEnd, w.spanEndNanos());
            if (w.energyJ() != null) {
                energy += w.energyJ();
                anyEnergy = true;
            }
            tokens += w.tokens();
            if (w.jPerToken() != null) {
                jptSum += w.jPerToken();
                jptCount++;
            }
            if (w.bracket() != null) {
                kind = w.bracket().kind().label();
            }
        }
        Double elapsed = level.windows().isEmpty() ? null : Math.max(0, maxEnd - minStart) / 1e9;
        Double energyJ = anyEnergy ? energy : null;
        Double mj = energyJ != null && tokens > 0 ? energyJ / tokens * 1000 : null;
        Double jptMean = jptCount == 0 ? null : jptSum / jptCount;
        if (level.cell().ratesSessions()) {
            double achieved = LevelFigures.ofRecords(level.windows()).requestRateReqS();
            return new CellSummary(Double.isFinite(achieved) ? achieved : null, level.windows().size(), elapsed,
                    energyJ, tokens, mj, jptMean, level.valid(), kind, level.cell().rate());
        }
        return new CellSummary(level.cell().rate(), level.windows().size(), elapsed, energyJ, tokens, mj, jptMean,
                level.valid(), kind);
    }
}

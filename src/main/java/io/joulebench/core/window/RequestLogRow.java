package io.joulebench.core.window;

import io.joulebench.core.traffic.RequestRecord;

/**
 * One row of a window's request log (spec §5.5; its columns are {@link RequestColumns}). The owning window is the first whose span end is ≥ issuedAt
 * (later than the last ⇒ the last). Times are nanoseconds on the shared clock; writers convert to seconds. The
 * columns are spec §5.5's, then {@code error}: why an {@code error} or {@code timeout} row failed (empty for ok),
 * {@code retried}, and {@code energy_attributed_j}: the request's attributed share of the measured windows' energy,
 * known when the level closes (null while it runs and on an aborted level; docs/methodology.md). Rows are spilled
 * typed while the level runs ({@link RequestLogSpill}) and given their joules when they are read back.
 *
 * @param inMeasurementWindow {@code spanStart ≤ issuedAt ≤ spanEnd} of the owning window
 * @param isRamp              issued before window 0 started
 * @param completedInDrain    in the window and completed after its span end
 * @param energyAttributedJ   the request's attributed joules, null when unknown
 */
public record RequestLogRow(RequestRecord record, int levelIndex, int windowIndex, boolean inMeasurementWindow,
                            boolean isRamp, boolean completedInDrain, Double energyAttributedJ) {

    /** A row before attribution (its {@code energy_attributed_j} unknown). */
    public RequestLogRow(RequestRecord record, int levelIndex, int windowIndex, boolean inMeasurementWindow,
                         boolean isRamp, boolean completedInDrain) {
        this(record, levelIndex, windowIndex, inMeasurementWindow, isRamp, completedInDrain, null);
    }

    /** This row with its attributed joules (null: none). */
    public RequestLogRow withEnergyAttributedJ(Double joules) {
        return new RequestLogRow(record, levelIndex, windowIndex, inMeasurementWindow, isRamp, completedInDrain,
                joules);
    }

    /** (first token − issued) in ms, or null without a token. */
    public Double ttftMs() {
        Long first = record.firstTokenAtNanos();
        return first == null ? null : (first - record.issuedAtNanos()) / 1e6;
    }

    /** (completed − issued) in ms, or null for a timeout. */
    public Double e2eLatencyMs() {
        Long done = record.completedAtNanos();
        return done == null ? null : (done - record.issuedAtNanos()) / 1e6;
    }
}

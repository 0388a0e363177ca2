package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceEntry;

/**
 * One data line as a format read it: its instant on the file's own clock (seconds, and as written, for messages) and either a row to replay or the
 * reason the source marks it as not a request to replay (a BurstGPT failure).
 */
record TraceLine(double timeSeconds, String timeText, TraceEntry entry, String skipReason) {

    static TraceLine row(double timeSeconds, String timeText, Integer input, Integer output, int[] hashIds) {
        return new TraceLine(timeSeconds, timeText, new TraceEntry(timeSeconds, input, output, hashIds), null);
    }

    static TraceLine turn(double timeSeconds, String timeText, int input, int output, TraceEntry.TraceTurn turn) {
        return new TraceLine(timeSeconds, timeText, new TraceEntry(timeSeconds, input, output, null, turn), null);
    }

    static TraceLine skipped(double timeSeconds, String timeText, String reason) {
        return new TraceLine(timeSeconds, timeText, null, reason);
    }
}

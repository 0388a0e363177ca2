package io.joulebench.core.traffic;

/**
 * One row of a replayed trace.
 *
 * @param offsetSeconds arrival offset from the run origin, ≥ 0 and non-decreasing along the trace
 * @param inputTokens   the recorded prompt length, or null when the trace has no such column or cell
 * @param outputTokens  the recorded output length, or null when absent
 */
public record TraceEntry(double offsetSeconds, Integer inputTokens, Integer outputTokens) {
}

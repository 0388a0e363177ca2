package io.joulebench.core.window;

/**
 * An optional service-level objective judged per window (spec §5.4). Either bound may be null (not judged); at
 * least one is set.
 *
 * @param ttftMs     time-to-first-token bound in milliseconds, or null
 * @param tpotMs     time-per-output-token bound in milliseconds, or null
 * @param percentile the attainment a window needs to pass, in (0, 1], e.g. 0.9
 */
public record Slo(Double ttftMs, Double tpotMs, double percentile) {

    public Slo {
        if (ttftMs == null && tpotMs == null) {
            throw new InvalidWindowSpecException("slo", "set ttft_ms, tpot_ms or both");
        }
        if (ttftMs != null && !(ttftMs > 0)) {
            throw new InvalidWindowSpecException("slo.ttft_ms", "must be > 0, got " + ttftMs);
        }
        if (tpotMs != null && !(tpotMs > 0)) {
            throw new InvalidWindowSpecException("slo.tpot_ms", "must be > 0, got " + tpotMs);
        }
        if (!(percentile > 0 && percentile <= 1)) {
            throw new InvalidWindowSpecException("slo.percentile", "must be in (0, 1], got " + percentile);
        }
    }

    /** A request meets the objective when each set bound holds; equality passes; TPOT with &lt; 2 tokens passes. */
    public boolean meets(Double ttftMsValue, Double tpotMsValue) {
        boolean ttftOk = ttftMs == null || (ttftMsValue != null && ttftMsValue <= ttftMs);
        boolean tpotOk = tpotMs == null || tpotMsValue == null || tpotMsValue <= tpotMs;
        return ttftOk && tpotOk;
    }
}

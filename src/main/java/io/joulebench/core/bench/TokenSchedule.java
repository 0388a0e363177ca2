package io.joulebench.core.bench;

/**
 * What the {@link NullServer} streams per completion request, and when: {@code tokens} token chunks, the first
 * {@code ttftNanos} after the request's head arrived, then one every {@code itlNanos}; then a usage chunk and
 * {@code [DONE]}. The one owner of the schedule's arithmetic: the server sends by it, the fidelity figures subtract it.
 *
 * @param tokens    token chunks per request (≥ 1)
 * @param ttftNanos time to first token, from the request's arrival (≥ 0)
 * @param itlNanos  gap between two token chunks (≥ 0)
 */
public record TokenSchedule(int tokens, long ttftNanos, long itlNanos) {

    public TokenSchedule {
        if (tokens < 1) {
            throw new IllegalArgumentException("tokens must be ≥ 1 (got " + tokens + ")");
        }
        if (ttftNanos < 0 || itlNanos < 0) {
            throw new IllegalArgumentException("ttft and itl must be ≥ 0 (got " + ttftNanos + ", " + itlNanos + ")");
        }
    }

    /** {@code tokens} chunks {@code itlMillis} apart, the first after {@code ttftMillis} (the ITL when null). */
    public static TokenSchedule ofMillis(int tokens, double itlMillis, Double ttftMillis) {
        long itl = Math.round(itlMillis * 1e6);
        return new TokenSchedule(tokens, ttftMillis == null ? itl : Math.round(ttftMillis * 1e6), itl);
    }

    /** When token {@code k} (0-based) is due, for a request that arrived at {@code arrivedAtNanos}. */
    public long sendAtNanos(long arrivedAtNanos, int k) {
        return arrivedAtNanos + ttftNanos + k * itlNanos;
    }

    /** How long one stream lasts from the request's arrival to its last token. */
    public long durationNanos() {
        return ttftNanos + (tokens - 1L) * itlNanos;
    }
}

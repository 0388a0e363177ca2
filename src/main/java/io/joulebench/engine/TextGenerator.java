package io.joulebench.engine;

import java.util.SplittableRandom;

/**
 * Seeded filler text and per-request draws. Each request gets its own stream of draws from (engine seed, arrival
 * index), so the same arrival sequence yields the same words, lengths and fault choices whatever the thread timing.
 */
final class TextGenerator {

    private static final String[] WORDS = {
        " the", " energy", " of", " a", " token", " is", " simulated", " here", " and", " power", " rises", " with",
        " batch", " heat", " lags", " behind", " load", " joule", " per", " step", " model", " reference", " engine",
        " server", " stream", " queue", " decode", " prefill", " watt", " counter", " time", " constant"
    };

    private TextGenerator() {
    }

    static SplittableRandom forRequest(long seed, long index) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    }

    /** The text of generated token {@code ordinal} (0-based) of the request with this arrival index. */
    static String token(long seed, long index, int ordinal) {
        long h = mix(seed ^ mix(index * 0x9E3779B97F4A7C15L + ordinal));
        return WORDS[(int) Math.floorMod(h, (long) WORDS.length)];
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

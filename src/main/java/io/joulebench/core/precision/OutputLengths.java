package io.joulebench.core.precision;

/** The output-length distribution of a workload: mean tokens per request and their coefficient of variation. */
public record OutputLengths(double meanTokens, double cv) {

    public OutputLengths {
        if (!(meanTokens > 0) || !(cv >= 0)) {
            throw new IllegalArgumentException("need mean tokens > 0 and cv ≥ 0");
        }
    }

    /** Every request generates exactly {@code tokens} (max_tokens reached, no early stop). */
    public static OutputLengths fixed(int tokens) {
        return new OutputLengths(tokens, 0);
    }
}

package io.joulebench.core.precision;

/**
 * An engine's load → power and timing shape, as the precision model needs it. The reference engine supplies its own
 * (computed from its profile, in {@code io.joulebench.engine}); any other engine gets {@link #conservative()}, which
 * assumes the worst: all energy fixed and no smoothing.
 */
public interface ServingShape {

    /** The facts at {@code rate} requests/s for requests of {@code lengths} and {@code promptTokens} input tokens. */
    LoadFacts at(double rate, OutputLengths lengths, int promptTokens);

    /** The output lengths requests with this {@code max_tokens} produce. */
    OutputLengths outputLengths(int maxOutputTokens);

    /** One line for the plan: what the shape assumes. */
    String describe();

    /** Every joule fixed, no smoothing, every request exactly max_tokens long: for engines with no model. */
    static ServingShape conservative() {
        return new ServingShape() {
            @Override
            public LoadFacts at(double rate, OutputLengths lengths, int promptTokens) {
                return LoadFacts.conservative();
            }

            @Override
            public OutputLengths outputLengths(int maxOutputTokens) {
                return OutputLengths.fixed(maxOutputTokens);
            }

            @Override
            public String describe() {
                return "no engine model: assumes all energy is fixed (idle share 1) and every request runs to"
                        + " max_output_tokens";
            }
        };
    }
}

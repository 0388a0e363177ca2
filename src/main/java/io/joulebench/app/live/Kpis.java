package io.joulebench.app.live;

/** The headline figures right now; NaN where not known yet. */
public record Kpis(double powerW, double jPerToken, double tokensPerS, double inFlight,
        double dispatchLatenessP99Ms, double temperatureC) {

    public static final Kpis UNKNOWN = new Kpis(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN);
}

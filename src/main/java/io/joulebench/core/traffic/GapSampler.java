package io.joulebench.core.traffic;

import java.util.SplittableRandom;

/**
 * Draws inter-arrival gaps in seconds. Byte-identical on every JDK and CPU: the generator is {@link SplittableRandom}
 * (SplitMix64, specified since Java 8) seeded with the schedule seed as is, uniforms are formed here from
 * {@code nextLong()}, and every transcendental goes through {@link StrictMath} (fdlibm, exact across platforms) —
 * {@code Math.log} and {@code nextGaussian} may differ between JDKs and intrinsics.
 */
final class GapSampler {

    private static final double TWO_POW_MINUS_53 = 0x1.0p-53;

    private final SplittableRandom random;
    private final ArrivalProcess arrival;
    private final double rate;
    private final double shapeK;
    private final double scaleTheta;

    GapSampler(ArrivalProcess arrival, double rate, double burstiness, long seed) {
        this.random = new SplittableRandom(seed);
        this.arrival = arrival;
        this.rate = rate;
        this.shapeK = 1.0 / (burstiness * burstiness);
        this.scaleTheta = burstiness * burstiness / rate;
    }

    double next() {
        return switch (arrival) {
            case POISSON -> exponential() / rate;
            case GAMMA -> gamma(shapeK) * scaleTheta;
            case CONSTANT -> 1.0 / rate;
        };
    }

    /** Uniform in [0, 1) with 53 random bits. */
    private double uniform() {
        return (random.nextLong() >>> 11) * TWO_POW_MINUS_53;
    }

    /** Uniform in (0, 1], safe for log. */
    private double uniformOpenZero() {
        return 1.0 - uniform();
    }

    private double exponential() {
        return -StrictMath.log(uniformOpenZero());
    }

    /** Standard normal by Marsaglia's polar method (the second variate is discarded to keep the stream simple). */
    private double normal() {
        while (true) {
            double u = 2.0 * uniform() - 1.0;
            double v = 2.0 * uniform() - 1.0;
            double s = u * u + v * v;
            if (s > 0.0 && s < 1.0) {
                return u * StrictMath.sqrt(-2.0 * StrictMath.log(s) / s);
            }
        }
    }

    /** Gamma(k, 1) by Marsaglia–Tsang (2000); for k &lt; 1 the boost Gamma(k+1)·U^(1/k). */
    private double gamma(double k) {
        if (k < 1.0) {
            double boost = StrictMath.pow(uniformOpenZero(), 1.0 / k);
            return gamma(k + 1.0) * boost;
        }
        double d = k - 1.0 / 3.0;
        double c = 1.0 / StrictMath.sqrt(9.0 * d);
        while (true) {
            double x = normal();
            double t = 1.0 + c * x;
            if (t <= 0.0) {
                continue;
            }
            double v = t * t * t;
            double u = uniformOpenZero();
            double x2 = x * x;
            if (u < 1.0 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (StrictMath.log(u) < 0.5 * x2 + d * (1.0 - v + StrictMath.log(v))) {
                return d * v;
            }
        }
    }
}

package io.joulebench.core.compare;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * J/token as a ratio estimate, Σ energy / Σ tokens, with the linearised (Taylor) standard error of a ratio
 * estimator over units that are each a pair (energy, tokens):
 * residuals {@code d_i = E_i − R·T_i},
 * {@code se(R) = sqrt(Σ d_i² / (n (n − 1))) / T̄}, {@code n − 1} degrees of freedom (Cochran, Sampling Techniques,
 * 3rd ed., §6.4, without the finite-population correction). The units are the cycles of a cell when there are
 * several, otherwise its windows (docs/methodology.md, "Comparing runs").
 */
public final class RatioEstimator {

    /** What a level's J/token and its interval are, in words for a column's tooltip. */
    public static final String MEANING = "Energy per output token of the level (J): Σ energy_j / Σ output_tokens over"
            + " its windows, every cycle (the figure Compare shows). Its 95 % interval is the ratio estimator's t"
            + " interval over the cycles when there are several, otherwise over the windows (within-run spread only).";

    private RatioEstimator() {
    }

    /**
     * The units of a level's windows: one per cycle (its Σ energy, Σ tokens) when the windows span two or more
     * cycles, else one per window. Windows without an energy or a token figure are left out ({@code skipped}).
     */
    public record Units(double[] energy, double[] tokens, IntervalBasis basis, int windows, int skipped) {

        /** Each unit's own J/token (energy / tokens); NaN for a unit without tokens. */
        public double[] ratios() {
            double[] r = new double[energy.length];
            for (int i = 0; i < r.length; i++) {
                r[i] = tokens[i] > 0 ? energy[i] / tokens[i] : Double.NaN;
            }
            return r;
        }

        public double energySum() {
            double s = 0;
            for (double e : energy) {
                s += e;
            }
            return s;
        }

        public double tokenSum() {
            double s = 0;
            for (double t : tokens) {
                s += t;
            }
            return s;
        }
    }

    /** The units of windows.csv rows of one level (any number of cycles); see {@link Units}. */
    public static Units units(Collection<WindowRow> rows) {
        TreeMap<Integer, double[]> cycleSums = new TreeMap<>();
        List<double[]> windows = new ArrayList<>();
        int skipped = 0;
        for (WindowRow r : rows) {
            OptionalDouble e = r.number(WindowsCsvColumns.ENERGY_J);
            OptionalDouble t = r.number(WindowsCsvColumns.OUTPUT_TOKENS);
            if (e.isEmpty() || t.isEmpty()) {
                skipped++;
                continue;
            }
            windows.add(new double[] {e.getAsDouble(), t.getAsDouble()});
            double[] s = cycleSums.computeIfAbsent(r.cycle(), k -> new double[2]);
            s[0] += e.getAsDouble();
            s[1] += t.getAsDouble();
        }
        List<double[]> units = cycleSums.size() >= 2 ? new ArrayList<>(cycleSums.values()) : windows;
        return new Units(units.stream().mapToDouble(u -> u[0]).toArray(), units.stream().mapToDouble(u -> u[1])
                .toArray(), cycleSums.size() >= 2 ? IntervalBasis.CYCLES : IntervalBasis.WINDOWS, windows.size(),
                skipped);
    }

    /**
     * A level's J/token from its windows.csv rows: Σ energy_j / Σ output_tokens with the interval of {@link #of},
     * over cycles when there are several, else windows. The one definition the compare command, the Compare tab
     * and the results' By-rate table all show, so a level reads the same in each.
     */
    public static Estimate ofRows(Collection<WindowRow> rows) {
        return of(units(rows));
    }

    public static Estimate of(Units u) {
        return of(u.energy(), u.tokens(), u.basis());
    }

    /**
     * @param energy per-unit energy, J
     * @param tokens per-unit output tokens, same length
     * @param basis  what a unit is ({@link IntervalBasis#CYCLES} or {@link IntervalBasis#WINDOWS})
     */
    public static Estimate of(double[] energy, double[] tokens, IntervalBasis basis) {
        if (energy.length != tokens.length) {
            throw new IllegalArgumentException("energy and tokens differ in length");
        }
        int n = energy.length;
        double sumE = 0;
        double sumT = 0;
        for (int i = 0; i < n; i++) {
            sumE += energy[i];
            sumT += tokens[i];
        }
        if (n == 0 || !(sumT > 0)) {
            return Estimate.pointOnly(Double.NaN, n);
        }
        double r = sumE / sumT;
        if (n < 2) {
            return Estimate.pointOnly(r, n);
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double d = energy[i] - r * tokens[i];
            ss += d * d;
        }
        double meanT = sumT / n;
        double se = Math.sqrt(ss / ((double) n * (n - 1))) / meanT;
        return new Estimate(r, se, n - 1, basis, n);
    }
}

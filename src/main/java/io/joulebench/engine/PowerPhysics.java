package io.joulebench.engine;

/**
 * The closed-form power and temperature equations of one simulated GPU (see docs/reference-engine.md).
 * With x = T − T_ambient and u the batch occupancy in [0, 1]:
 * <pre>
 *   P_dyn(u) = P_idle + (P_max − P_idle)·u^α
 *   P(u, x)  = P_dyn(u) + k·x                       (k: leakage W/°C)
 *   x*(u)    = R·P_dyn(u) / (1 − R·k)               (the x where x = R·P, R: °C/W)
 *   dx/dt    = (x*(u) − x) / τ                      (so x(t) = x* + (x0 − x*)·e^(−t/τ))
 *   ∫P dt    = P_dyn·Δ + k·(x*·Δ − (x0 − x*)·τ·expm1(−Δ/τ))
 * </pre>
 * Without thermal drift x jumps to x*(u) at once and P is constant between occupancy changes.
 */
public record PowerPhysics(EngineProfile profile, double tauSeconds, boolean drift) {

    public double dynamicPower(double u) {
        return profile.idleW() + (profile.maxW() - profile.idleW()) * Math.pow(u, profile.alpha());
    }

    /** Steady-state temperature rise above ambient at occupancy u. */
    public double steadyRise(double u) {
        double r = profile.thermalResistanceCPerW();
        return r * dynamicPower(u) / (1 - r * profile.leakWPerC());
    }

    public double power(double u, double rise) {
        return dynamicPower(u) + profile.leakWPerC() * rise;
    }

    /** Temperature rise after dt seconds at constant u, starting from rise x0. */
    public double riseAfter(double x0, double u, double dtSeconds) {
        double xs = steadyRise(u);
        if (!drift) {
            return xs;
        }
        return xs + (x0 - xs) * Math.exp(-dtSeconds / tauSeconds);
    }

    /** Exact energy in joules over dt seconds at constant u, starting from rise x0. */
    public double energy(double x0, double u, double dtSeconds) {
        double xs = steadyRise(u);
        double leak = profile.leakWPerC();
        if (!drift) {
            return (dynamicPower(u) + leak * xs) * dtSeconds;
        }
        return dynamicPower(u) * dtSeconds
                + leak * (xs * dtSeconds - (x0 - xs) * tauSeconds * Math.expm1(-dtSeconds / tauSeconds));
    }
}

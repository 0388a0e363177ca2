package io.joulebench.core.study;

/** Inter-arrival distribution of a level's traffic. */
public enum ArrivalProcess {
    POISSON, GAMMA, CONSTANT;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static ArrivalProcess fromWire(String s) {
        return valueOf(s.toUpperCase(java.util.Locale.ROOT));
    }
}

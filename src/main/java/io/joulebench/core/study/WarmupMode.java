package io.joulebench.core.study;

/** Composite: traffic until power, temperature and throttle settle (timeout is a failsafe); fixed: a set duration. */
public enum WarmupMode {
    COMPOSITE, FIXED;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static WarmupMode fromWire(String s) {
        return valueOf(s.toUpperCase(java.util.Locale.ROOT));
    }
}

package io.joulebench.core.study;

/** Whether an experiment measures a server under traffic or one offline batch. */
public enum ServingMode {
    SERVER, OFFLINE;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static ServingMode fromWire(String s) {
        return valueOf(s.toUpperCase(java.util.Locale.ROOT));
    }
}

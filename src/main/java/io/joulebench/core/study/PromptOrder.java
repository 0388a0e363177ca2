package io.joulebench.core.study;

/** How prompts are ordered: categories taken in turn, a seeded shuffle, or category by category. */
public enum PromptOrder {
    INTERLEAVED, SHUFFLED, GROUPED;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static PromptOrder fromWire(String s) {
        return valueOf(s.toUpperCase(java.util.Locale.ROOT));
    }
}

package io.joulebench.app.fx;

import java.util.Locale;

/** The banner text for data whose energy kind is not a measurement; empty when no banner is due. */
public final class EnergyBanner {

    public static final String SIMULATED = "Simulated figures — reference engine model, not a measurement";
    public static final String ESTIMATED = "Estimated figures — derived from a model of CPU or GPU power, "
            + "not a measurement";

    private EnergyBanner() {
    }

    /** The banner for one energy kind ({@code simulated}, {@code estimated}, {@code measured}). */
    public static String textFor(String energyKind) {
        String kind = energyKind == null ? "" : energyKind.trim().toLowerCase(Locale.ROOT);
        return switch (kind) {
            case "simulated" -> SIMULATED;
            case "estimated" -> ESTIMATED;
            default -> "";
        };
    }

    /** The banner for data mixing several kinds: simulated wins over estimated. */
    public static String textFor(Iterable<String> energyKinds) {
        String text = "";
        for (String kind : energyKinds) {
            String t = textFor(kind);
            if (t.equals(SIMULATED)) {
                return t;
            }
            if (!t.isEmpty()) {
                text = t;
            }
        }
        return text;
    }

    /**
     * The word every exported image of such data carries inside it ("SIMULATED", "ESTIMATED", both joined by
     * " + "); empty when all is measured. Charts lead their title with it, as the Compare charts do.
     */
    public static String imageLabel(Iterable<String> energyKinds) {
        java.util.LinkedHashSet<String> odd = new java.util.LinkedHashSet<>();
        for (String kind : energyKinds) {
            if (!textFor(kind).isEmpty()) {
                odd.add(kind.trim().toUpperCase(Locale.ROOT));
            }
        }
        return String.join(" + ", odd);
    }
}

package io.joulebench.app.run;

/**
 * The live view's one-line account of where energy figures come from: the kind (measured, estimated, simulated),
 * the source and the method, each said once. The simulated source is the reference engine's model, so it reads
 * "simulated (counter, reference engine)" rather than repeating the word.
 */
final class EnergyLabel {

    private EnergyLabel() {
    }

    /**
     * @param kind   measured, estimated or simulated
     * @param source the energy source (nvml, rapl, dcgm, cpu-estimate, simulated, …)
     * @param method counter or integrated power; empty while not known yet
     */
    static String of(String kind, String source, String method) {
        if (source.equals("simulated")) {
            return kind + " (" + (method.isEmpty() ? "" : method + ", ") + "reference engine)";
        }
        String detail = method.isEmpty() ? "" : " (" + method + ")";
        return source.isEmpty() || source.equals(kind) ? kind + detail : kind + " · " + source + detail;
    }
}

package io.joulebench.engine;

import java.util.List;
import java.util.Locale;

/**
 * Injected failures, for the reliability work. Fractions are per request, drawn from the engine seed and the request's
 * arrival index, so the same arrival sequence fails the same way.
 *
 * @param neverReady          {@code /health} answers 503 for ever
 * @param exitAfterSeconds    stop serving this many seconds after start (the CLI process then exits 1); 0 = never
 * @param stallFraction       fraction of streams that stop sending midway and hang until the client gives up
 * @param errorFraction       fraction of completion requests answered 500
 * @param malformedSseFraction fraction of streams that carry one truncated JSON event midway
 * @param dropFraction        fraction of streams whose connection is cut midway (no final chunk, no [DONE])
 * @param ignoreSigterm       the {@code joulebench engine} process ignores SIGTERM (only SIGKILL stops it), to test a
 *                            launcher's escalation; not for an in-process engine, whose JVM is not its own
 */
public record Faults(boolean neverReady, double exitAfterSeconds, double stallFraction, double errorFraction,
                     double malformedSseFraction, double dropFraction, boolean ignoreSigterm) {

    public static final Faults NONE = new Faults(false, 0, 0, 0, 0, 0);

    /** The request and lifetime faults, SIGTERM honoured. */
    public Faults(boolean neverReady, double exitAfterSeconds, double stallFraction, double errorFraction,
                  double malformedSseFraction, double dropFraction) {
        this(neverReady, exitAfterSeconds, stallFraction, errorFraction, malformedSseFraction, dropFraction, false);
    }

    public Faults {
        if (!(exitAfterSeconds >= 0) || Double.isInfinite(exitAfterSeconds)) {
            throw new IllegalArgumentException("exit-after must be a finite number of seconds ≥ 0");
        }
        fraction("stall", stallFraction);
        fraction("error", errorFraction);
        fraction("malformed-sse", malformedSseFraction);
        fraction("drop", dropFraction);
    }

    public boolean any() {
        return !equals(NONE);
    }

    /**
     * Parses CLI/study fault specs: {@code never-ready}, {@code exit-after=SECONDS}, {@code stall=F},
     * {@code error=F}, {@code malformed-sse=F}, {@code drop=F} (F a fraction in [0, 1]), {@code ignore-sigterm}.
     */
    public static Faults parse(List<String> specs) {
        Faults f = NONE;
        for (String spec : specs) {
            String s = spec.trim().toLowerCase(Locale.ROOT);
            int eq = s.indexOf('=');
            String key = eq < 0 ? s : s.substring(0, eq);
            String value = eq < 0 ? null : s.substring(eq + 1);
            f = switch (key) {
                case "never-ready" -> {
                    flag(key, value);
                    yield new Faults(true, f.exitAfterSeconds, f.stallFraction, f.errorFraction,
                            f.malformedSseFraction, f.dropFraction, f.ignoreSigterm);
                }
                case "exit-after" -> new Faults(f.neverReady, number(key, value), f.stallFraction,
                        f.errorFraction, f.malformedSseFraction, f.dropFraction, f.ignoreSigterm);
                case "stall" -> new Faults(f.neverReady, f.exitAfterSeconds, number(key, value),
                        f.errorFraction, f.malformedSseFraction, f.dropFraction, f.ignoreSigterm);
                case "error" -> new Faults(f.neverReady, f.exitAfterSeconds, f.stallFraction,
                        number(key, value), f.malformedSseFraction, f.dropFraction, f.ignoreSigterm);
                case "malformed-sse" -> new Faults(f.neverReady, f.exitAfterSeconds, f.stallFraction,
                        f.errorFraction, number(key, value), f.dropFraction, f.ignoreSigterm);
                case "drop" -> new Faults(f.neverReady, f.exitAfterSeconds, f.stallFraction,
                        f.errorFraction, f.malformedSseFraction, number(key, value), f.ignoreSigterm);
                case "ignore-sigterm" -> {
                    flag(key, value);
                    yield new Faults(f.neverReady, f.exitAfterSeconds, f.stallFraction, f.errorFraction,
                            f.malformedSseFraction, f.dropFraction, true);
                }
                default -> throw new IllegalArgumentException("unknown fault '" + spec + "' (known: never-ready,"
                        + " exit-after=S, stall=F, error=F, malformed-sse=F, drop=F, ignore-sigterm)");
            };
        }
        return f;
    }

    private static void flag(String key, String value) {
        if (value != null && !value.equals("true")) {
            throw new IllegalArgumentException("fault " + key + " takes no value");
        }
    }

    private static double number(String key, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("fault " + key + " needs a value, e.g. " + key + "=0.1");
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("fault " + key + ": '" + value + "' is not a number");
        }
    }

    private static void fraction(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("fault " + name + " must be a fraction in [0, 1], got " + value);
        }
    }
}

package io.joulebench.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The simulated serving and power parameters of one named profile. All times in seconds, powers in watts,
 * temperatures in °C. Every serving and power parameter can be overridden by its snake_case name (see
 * {@link #withOverrides}); the name, the default thermal time constant and the source are facts of the profile (the
 * time constant is replaced with {@code --thermal-tau}, which is an engine option).
 *
 * @param maxNumSeqs           the most sequences decoded in one batch (vLLM's {@code max_num_seqs})
 * @param maxModelLen          prompt + completion tokens allowed per request
 * @param prefillSPerToken     prefill seconds per prompt token admitted in a step
 * @param decodeBaseS          fixed seconds of one decode step
 * @param decodePerSeqS        extra seconds of one decode step per sequence in the batch
 * @param idleW                power of one GPU at zero load and ambient temperature
 * @param maxW                 power of one GPU at full batch and ambient temperature
 * @param alpha                exponent of the batch occupancy in the dynamic power term
 * @param leakWPerC            leakage watts per °C above ambient
 * @param ambientC             ambient (and starting) temperature
 * @param thermalResistanceCPerW steady-state °C above ambient per watt
 * @param throttleC            temperature at and above which the throttle flag is set
 * @param earlyStopFraction    fraction of requests with {@code max_tokens} that stop early (finish_reason {@code stop})
 * @param defaultMaxTokens     a request without {@code max_tokens} stops after a seeded length in [1, this]
 * @param thermalTimeConstantS τ the engine uses when none is given ({@code --thermal-tau} /
 *                             {@code thermal_time_constant_seconds})
 * @param fittedTo             the published measurement the parameters were fitted to; null for a plausible shape
 *                             that is no measurement of any product
 */
public record EngineProfile(
        String name,
        int maxNumSeqs,
        int maxModelLen,
        double prefillSPerToken,
        double decodeBaseS,
        double decodePerSeqS,
        double idleW,
        double maxW,
        double alpha,
        double leakWPerC,
        double ambientC,
        double thermalResistanceCPerW,
        double throttleC,
        double earlyStopFraction,
        int defaultMaxTokens,
        double thermalTimeConstantS,
        String fittedTo) {

    public EngineProfile {
        require(maxNumSeqs >= 1, "max_num_seqs must be ≥ 1");
        require(maxModelLen >= 2, "max_model_len must be ≥ 2");
        require(prefillSPerToken >= 0 && decodeBaseS >= 0 && decodePerSeqS >= 0, "step times must be ≥ 0");
        require(idleW >= 0 && maxW >= idleW, "need 0 ≤ idle_w ≤ max_w");
        require(alpha > 0, "alpha must be > 0");
        require(leakWPerC >= 0 && thermalResistanceCPerW >= 0, "leakage and thermal resistance must be ≥ 0");
        require(leakWPerC * thermalResistanceCPerW < 1,
                "leak_w_per_c × thermal_resistance_c_per_w must be < 1 (else temperature runs away)");
        require(earlyStopFraction >= 0 && earlyStopFraction <= 1, "early_stop_fraction must be in [0, 1]");
        require(defaultMaxTokens >= 1, "default_max_tokens must be ≥ 1");
        require(Double.isFinite(ambientC) && Double.isFinite(throttleC), "temperatures must be finite");
        require(thermalTimeConstantS > 0 && Double.isFinite(thermalTimeConstantS),
                "thermal time constant must be > 0");
    }

    /** τ of the plausible-shape profiles (small, medium, large). */
    static final double PLAUSIBLE_THERMAL_TIME_CONSTANT_S = 180;

    /** A small model on one mid-range card: fast steps, modest power. A plausible shape, not a measurement. */
    public static final EngineProfile SMALL = new EngineProfile("small", 64, 4096,
            0.00005, 0.008, 0.00015, 60, 300, 0.7, 0.8, 30, 0.15, 83, 0.0, 128,
            PLAUSIBLE_THERMAL_TIME_CONSTANT_S, null);
    /** An 8B-class model on a datacentre card. A plausible shape, not a measurement. */
    public static final EngineProfile MEDIUM = new EngineProfile("medium", 64, 8192,
            0.0001, 0.015, 0.00025, 90, 600, 0.6, 1.0, 30, 0.08, 87, 0.0, 128,
            PLAUSIBLE_THERMAL_TIME_CONSTANT_S, null);
    /** A 70B-class model: slow steps, high power; it reaches the throttle limit at a full batch. A plausible shape. */
    public static final EngineProfile LARGE = new EngineProfile("large", 64, 8192,
            0.0004, 0.035, 0.0005, 100, 700, 0.5, 1.2, 30, 0.075, 85, 0.0, 128,
            PLAUSIBLE_THERMAL_TIME_CONSTANT_S, null);
    /**
     * Qwen2.5-0.5B-Instruct under vLLM on one A100-PCIE-40GB, fitted to llenergymeasure's server-mode studies: the
     * values {@link FittedProfiles#LLENERGYMEASURE_A100_QWEN05B}{@code .fit()} gives from the published points, written
     * out so that no JVM start pays for the fit ({@code FittedProfileTest} checks they are the fit's, digit for digit).
     */
    public static final EngineProfile LLENERGYMEASURE_A100_QWEN05B = new EngineProfile(
            "llenergymeasure-a100-qwen0.5b", 256, 32768, 0, 0.00246, 0.0000309, 37.6, 181, 0.087, 0.969, 18.6, 0.218,
            83, 0, 256, 72.7, FittedProfiles.LLENERGYMEASURE_A100_QWEN05B.citation());

    /**
     * Llama-3.1-8B-Instruct under vLLM on one H100, fitted to the ML.ENERGY Leaderboard v3's batch sweep: the values
     * {@link FittedProfiles#MLENERGY_H100_LLAMA31_8B}{@code .fit()} gives, written out ({@code FittedProfileTest}
     * checks they are the fit's).
     */
    public static final EngineProfile MLENERGY_H100_LLAMA31_8B = new EngineProfile(
            "mlenergy-h100-llama3.1-8b", 768, 20480, 0, 0.00667, 0.0000895, 90, 737, 0.099, 0, 30, 0.07,
            87, 0, 793, PLAUSIBLE_THERMAL_TIME_CONSTANT_S, FittedProfiles.MLENERGY_H100_LLAMA31_8B.citation());

    /** Every named profile, in the order lists show them. */
    public static final List<EngineProfile> ALL = List.of(SMALL, MEDIUM, LARGE, LLENERGYMEASURE_A100_QWEN05B,
            MLENERGY_H100_LLAMA31_8B);

    /** The names {@link #named} knows, in the order of {@link #ALL}. */
    public static List<String> names() {
        return ALL.stream().map(EngineProfile::name).toList();
    }

    public static EngineProfile named(String name) {
        String key = name == null ? "" : name.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(p -> p.name().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown profile '" + name + "' (known: " + String.join(", ", names()) + ")"));
    }

    /**
     * How the profile's figures are labelled wherever they appear: {@code simulated}, or
     * {@code simulated, fitted to <source>} for a profile fitted to a published measurement.
     */
    public String label() {
        return fittedTo == null ? "simulated" : "simulated, fitted to " + fittedTo;
    }

    /** The parameters by their override names, in declaration order. */
    public Map<String, Double> parameters() {
        Map<String, Double> p = new LinkedHashMap<>();
        p.put("max_num_seqs", (double) maxNumSeqs);
        p.put("max_model_len", (double) maxModelLen);
        p.put("prefill_s_per_token", prefillSPerToken);
        p.put("decode_base_s", decodeBaseS);
        p.put("decode_per_seq_s", decodePerSeqS);
        p.put("idle_w", idleW);
        p.put("max_w", maxW);
        p.put("alpha", alpha);
        p.put("leak_w_per_c", leakWPerC);
        p.put("ambient_c", ambientC);
        p.put("thermal_resistance_c_per_w", thermalResistanceCPerW);
        p.put("throttle_c", throttleC);
        p.put("early_stop_fraction", earlyStopFraction);
        p.put("default_max_tokens", (double) defaultMaxTokens);
        return p;
    }

    /** This profile with some parameters replaced; an unknown name or a bad value is an IllegalArgumentException. */
    public EngineProfile withOverrides(Map<String, Double> overrides) {
        if (overrides.isEmpty()) {
            return this;
        }
        Map<String, Double> p = parameters();
        overrides.forEach((key, value) -> {
            if (!p.containsKey(key)) {
                throw new IllegalArgumentException("unknown engine parameter '" + key + "' (known: "
                        + String.join(", ", p.keySet()) + ")");
            }
            if (value == null || !Double.isFinite(value)) {
                throw new IllegalArgumentException("engine parameter '" + key + "' must be a finite number");
            }
            p.put(key, value);
        });
        return new EngineProfile(name, integer(p, "max_num_seqs"), integer(p, "max_model_len"),
                p.get("prefill_s_per_token"), p.get("decode_base_s"), p.get("decode_per_seq_s"),
                p.get("idle_w"), p.get("max_w"), p.get("alpha"), p.get("leak_w_per_c"), p.get("ambient_c"),
                p.get("thermal_resistance_c_per_w"), p.get("throttle_c"), p.get("early_stop_fraction"),
                integer(p, "default_max_tokens"), thermalTimeConstantS, fittedTo);
    }

    private static int integer(Map<String, Double> p, String key) {
        double v = p.get(key);
        if (v != Math.rint(v) || v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new IllegalArgumentException("engine parameter '" + key + "' must be an integer");
        }
        return (int) v;
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}

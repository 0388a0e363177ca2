package io.joulebench.core.study;

import io.joulebench.core.traffic.ArrivalProcess;
import java.util.Map;

/**
 * {@code server.traffic}. {@code rate} is null only when a {@code trace} ({@link TraceConfig}) replays recorded arrivals;
 * {@code burstiness} (the CV of gaps) is used by gamma arrivals, null meaning 1.0; {@code seed} null means a seed is
 * drawn per level and recorded with its windows; {@code concurrencyCap} null means uncapped;
 * {@code readTimeoutSeconds} is the longest wait for a response's headers and between two of its chunks;
 * {@code windowSecondsByRate} (a Joulebench extension, {@code window_seconds_by_rate}) gives some rates their own
 * window length, the rest use {@code windowSeconds} ({@link #windowSecondsAt}). {@code autoWindow} is non-null when
 * {@code window_seconds: auto} (a Joulebench extension): the levels not listed in {@code window_seconds_by_rate} get
 * their length from their warmup, and {@code windowSeconds} holds its {@code max_seconds}, the worst case a plan uses.
 */
public record TrafficConfig(Double rate, ArrivalProcess arrival, Double burstiness, Long seed, double windowSeconds,
                            double rampExclusionSeconds, Integer concurrencyCap, SloConfig slo, TraceConfig trace,
                            double readTimeoutSeconds, Map<Double, Double> windowSecondsByRate,
                            AutoWindowConfig autoWindow) {

    public TrafficConfig {
        windowSecondsByRate = windowSecondsByRate == null ? Map.of() : Map.copyOf(windowSecondsByRate);
    }

    /** Traffic without per-rate window lengths (every level uses {@code windowSeconds}). */
    public TrafficConfig(Double rate, ArrivalProcess arrival, Double burstiness, Long seed, double windowSeconds,
                         double rampExclusionSeconds, Integer concurrencyCap, SloConfig slo, TraceConfig trace,
                         double readTimeoutSeconds) {
        this(rate, arrival, burstiness, seed, windowSeconds, rampExclusionSeconds, concurrencyCap, slo, trace,
                readTimeoutSeconds, Map.of(), null);
    }

    /** Traffic with fixed window lengths only (no {@code window_seconds: auto}). */
    public TrafficConfig(Double rate, ArrivalProcess arrival, Double burstiness, Long seed, double windowSeconds,
                         double rampExclusionSeconds, Integer concurrencyCap, SloConfig slo, TraceConfig trace,
                         double readTimeoutSeconds, Map<Double, Double> windowSecondsByRate) {
        this(rate, arrival, burstiness, seed, windowSeconds, rampExclusionSeconds, concurrencyCap, slo, trace,
                readTimeoutSeconds, windowSecondsByRate, null);
    }

    /** The window length of a level at {@code levelRate}: its {@code window_seconds_by_rate} entry, else the default. */
    public double windowSecondsAt(Double levelRate) {
        Double own = levelRate == null ? null : windowSecondsByRate.get(levelRate);
        return own != null ? own : windowSeconds;
    }

    /**
     * The auto-window settings that apply to a level at {@code levelRate}, or null when its length is fixed (no
     * {@code window_seconds: auto}, or the rate has its own {@code window_seconds_by_rate} entry, which wins).
     */
    public AutoWindowConfig autoWindowAt(Double levelRate) {
        return autoWindow == null || levelRate != null && windowSecondsByRate.containsKey(levelRate) ? null : autoWindow;
    }

    /** The auto-window settings of this traffic's own level ({@link #autoWindowAt} its rate). */
    public AutoWindowConfig levelAutoWindow() {
        return autoWindowAt(rate);
    }

    /** This traffic's own window length ({@link #windowSecondsAt} its rate); an auto level's {@code max_seconds}. */
    public double levelWindowSeconds() {
        return windowSecondsAt(rate);
    }

    /** A {@code window_seconds_by_rate} key as a rate, or null when it is not a finite number above 0. */
    public static Double parseRateKey(String key) {
        try {
            double d = Double.parseDouble(key.strip());
            return Double.isFinite(d) && d > 0 ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The same traffic at another rate (a capacity search's probe or measured level). */
    public TrafficConfig withRate(double newRate) {
        return new TrafficConfig(newRate, arrival, burstiness, seed, windowSeconds, rampExclusionSeconds,
                concurrencyCap, slo, trace, readTimeoutSeconds, windowSecondsByRate, autoWindow);
    }

    /** The same traffic with the arrival seed fixed (the seed drawn for a run when the study leaves it null). */
    public TrafficConfig withSeed(long newSeed) {
        return new TrafficConfig(rate, arrival, burstiness, newSeed, windowSeconds, rampExclusionSeconds,
                concurrencyCap, slo, trace, readTimeoutSeconds, windowSecondsByRate, autoWindow);
    }
}

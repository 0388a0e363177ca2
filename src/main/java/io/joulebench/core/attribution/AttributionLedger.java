package io.joulebench.core.attribution;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One level's attribution inputs, collected as requests finish (a few numbers per request and window), and split
 * once the windows' energies are known. Thread-safe: requests finish on their own threads.
 */
public final class AttributionLedger {

    /** Each request's attributed joules (Σ over windows) and each window's percentiles over its complete requests. */
    public record Result(Map<Long, Double> perRequestJ, List<AttributedPercentiles> perWindow) {
    }

    private record Owner(int window, boolean complete) {
    }

    private final List<List<RequestShare>> windows = new ArrayList<>();
    private final Map<Long, Owner> owners = new HashMap<>();

    public AttributionLedger(int windowCount) {
        for (int w = 0; w < windowCount; w++) {
            windows.add(new ArrayList<>());
        }
    }

    /** What a request did in window {@code window}; nothing is kept for a share without active time or work. */
    public synchronized void add(int window, RequestShare share) {
        if (share.activeNanos() > 0 || share.inputTokens() > 0 || share.outputTokens() > 0) {
            windows.get(window).add(share);
        }
    }

    /**
     * The request's owning window, and whether it counts in that window's J/request percentiles: ok, issued in the
     * window, and active only inside measured windows (so its whole energy was attributed).
     */
    public synchronized void owner(long requestIndex, int window, boolean complete) {
        owners.put(requestIndex, new Owner(window, complete));
    }

    /**
     * Splits each window's energy by {@code rule}; {@code energiesJ} and {@code durationsS} hold the windows whose
     * brackets closed, in order (a null energy attributes nothing in that window).
     */
    public synchronized Result attribute(List<Double> energiesJ, List<Double> durationsS, AttributionRule rule) {
        Map<Long, Double> perRequest = new HashMap<>();
        for (int w = 0; w < energiesJ.size() && w < windows.size(); w++) {
            Double energy = energiesJ.get(w);
            if (energy == null || durationsS.get(w) == null) {
                continue;
            }
            List<RequestShare> shares = windows.get(w);
            double[] joules = rule.split(energy, durationsS.get(w), shares);
            for (int i = 0; i < joules.length; i++) {
                perRequest.merge(shares.get(i).requestIndex(), joules[i], Double::sum);
            }
        }
        List<AttributedPercentiles> perWindow = new ArrayList<>();
        for (int w = 0; w < energiesJ.size(); w++) {
            final int window = w;
            double[] population = owners.entrySet().stream()
                    .filter(e -> e.getValue().window() == window && e.getValue().complete())
                    .mapToDouble(e -> perRequest.getOrDefault(e.getKey(), 0.0)).toArray();
            perWindow.add(energiesJ.get(w) == null ? null : AttributedPercentiles.of(population));
        }
        return new Result(Map.copyOf(perRequest), Collections.unmodifiableList(perWindow));
    }
}

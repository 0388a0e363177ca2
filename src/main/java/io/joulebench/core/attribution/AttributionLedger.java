package io.joulebench.core.attribution;

import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TokenTimes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One level's attribution inputs, collected as requests finish (a few numbers per request and window), and split
 * once the windows' energies are known. Thread-safe: requests finish on their own threads.
 */
public final class AttributionLedger {

    /**
     * Each request's attributed joules (Σ over windows), each window's percentiles over its complete requests, and
     * which requests are complete (ok, in their window, active only inside measured windows).
     */
    public record Result(Map<Long, Double> perRequestJ, List<AttributedPercentiles> perWindow, Set<Long> complete) {
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

    /**
     * What request {@code r} did in each window ({@code edges}: the windows' span edges, n + 1 of them): its active
     * time, from dispatch (else issue) to completion (else its last token), its output tokens by receipt (a receipt
     * on a shared edge counts in the later window), and its {@code usage.prompt_tokens} where it was prefilled (the
     * window of its first token, else of its end). {@code owner} and {@code inWindow} are the request log's.
     */
    public void add(RequestRecord r, int owner, boolean inWindow, long[] edges) {
        int n = edges.length - 1;
        long start = r.dispatchedAtNanos() != null ? r.dispatchedAtNanos() : r.issuedAtNanos();
        TokenTimes times = r.tokenTimesNanos();
        long end = r.completedAtNanos() != null ? r.completedAtNanos()
                : !times.isEmpty() ? times.last() : start;
        Long first = r.firstTokenAtNanos();
        Integer prompt = r.result().serverPromptTokens();
        long prefillAt = first != null ? first : end;
        for (int w = 0; w < n; w++) {
            long lo = edges[w];
            long hi = edges[w + 1];
            boolean last = w == n - 1;
            long active = Math.max(0, Math.min(end, hi) - Math.max(start, lo));
            long outputs = 0;
            for (int i = 0; i < times.size(); i++) {
                outputs += within(times.get(i), lo, hi, last) ? 1 : 0;
            }
            long input = prompt != null && within(prefillAt, lo, hi, last) ? prompt : 0;
            add(w, new RequestShare(r.index(), active, input, outputs));
        }
        owner(r.index(), owner, inWindow && r.status() == RequestStatus.OK && start >= edges[0] && end <= edges[n]);
    }

    private static boolean within(long t, long lo, long hi, boolean last) {
        return lo <= t && (t < hi || (last && t == hi));
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
        Set<Long> complete = new HashSet<>();
        owners.forEach((index, o) -> {
            if (o.complete()) {
                complete.add(index);
            }
        });
        return new Result(Map.copyOf(perRequest), Collections.unmodifiableList(perWindow), Set.copyOf(complete));
    }
}

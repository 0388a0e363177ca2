package io.joulebench.app.live;

import java.util.ArrayList;
import java.util.List;

/** Shrinks a power trace to a bounded number of points while keeping its peaks and dips (min–max per bucket). */
public final class Decimator {

    private Decimator() {
    }

    /** At most {@code maxPoints} points (an even number ≥ 2), in time order; the input is returned when it fits. */
    public static List<PowerPoint> minMax(List<PowerPoint> samples, int maxPoints) {
        if (maxPoints < 2) {
            throw new IllegalArgumentException("maxPoints must be at least 2, was " + maxPoints);
        }
        if (samples.size() <= maxPoints) {
            return samples;
        }
        int buckets = maxPoints / 2;
        List<PowerPoint> out = new ArrayList<>(buckets * 2);
        int n = samples.size();
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) b * n / buckets);
            int to = (int) ((long) (b + 1) * n / buckets);
            PowerPoint min = samples.get(from);
            PowerPoint max = min;
            for (int i = from + 1; i < to; i++) {
                PowerPoint p = samples.get(i);
                if (p.watts() < min.watts()) {
                    min = p;
                }
                if (p.watts() > max.watts()) {
                    max = p;
                }
            }
            if (min == max) {
                out.add(min);
            } else if (min.tSeconds() <= max.tSeconds()) {
                out.add(min);
                out.add(max);
            } else {
                out.add(max);
                out.add(min);
            }
        }
        return out;
    }
}

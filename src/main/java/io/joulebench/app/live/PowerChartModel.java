package io.joulebench.app.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The power chart's data: one decimated trace per device, cut into segments where the meter was not read (the
 * ramp, a launch), and the measured windows, warmups and ramps to shade.
 */
public record PowerChartModel(List<Trace> traces, List<TimeSpan> windows, List<TimeSpan> warmups,
        List<TimeSpan> ramps) {

    /** A step between samples at least this long (s) is always a gap. */
    public static final double MIN_GAP_S = 1.0;
    /** A step this many times the trace's median step is a gap. */
    public static final double GAP_FACTOR = 5;

    /** One device's samples as segments to draw as separate lines, oldest first; no line joins two segments. */
    public record Trace(int device, String name, List<List<PowerPoint>> segments) {

        public Trace {
            segments = segments.stream().map(List::copyOf).toList();
        }

        /** Every sample of every segment, in time order. */
        public List<PowerPoint> samples() {
            return segments.stream().flatMap(List::stream).toList();
        }
    }

    public static final PowerChartModel EMPTY = new PowerChartModel(List.of(), List.of(), List.of(), List.of());

    public PowerChartModel {
        traces = List.copyOf(traces);
        windows = List.copyOf(windows);
        warmups = List.copyOf(warmups);
        ramps = List.copyOf(ramps);
    }

    /**
     * Each trace cut at its gaps and decimated to at most {@code maxPoints} points in all (while it has fewer than
     * {@code maxPoints / 2} segments); spans kept only where they overlap the traces' time range.
     */
    public static PowerChartModel of(LiveSnapshot s, int maxPoints) {
        List<Trace> traces = new ArrayList<>();
        double from = Double.POSITIVE_INFINITY;
        for (GpuTrace t : s.power()) {
            List<List<PowerPoint>> segments = segments(t.samples());
            int budget = Math.max(0, maxPoints - 2 * segments.size());
            List<List<PowerPoint>> decimated = new ArrayList<>(segments.size());
            for (List<PowerPoint> segment : segments) {
                int share = (int) ((long) budget * segment.size() / t.samples().size());
                decimated.add(Decimator.minMax(segment, 2 + share - share % 2));
            }
            traces.add(new Trace(t.device(), t.name(), decimated));
            if (!t.samples().isEmpty()) {
                from = Math.min(from, t.samples().get(0).tSeconds());
            }
        }
        return new PowerChartModel(traces, after(s.windowSpans(), from), after(s.warmupSpans(), from),
                after(s.rampSpans(), from));
    }

    /** Splits samples where the step to the next is a gap: ≥ {@link #MIN_GAP_S} and ≥ GAP_FACTOR × the median. */
    static List<List<PowerPoint>> segments(List<PowerPoint> samples) {
        if (samples.size() < 3) {
            return samples.isEmpty() ? List.of() : List.of(samples);
        }
        double[] steps = new double[samples.size() - 1];
        for (int i = 1; i < samples.size(); i++) {
            steps[i - 1] = samples.get(i).tSeconds() - samples.get(i - 1).tSeconds();
        }
        double[] sorted = steps.clone();
        Arrays.sort(sorted);
        double gap = Math.max(MIN_GAP_S, GAP_FACTOR * sorted[sorted.length / 2]);
        List<List<PowerPoint>> segments = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < steps.length; i++) {
            if (steps[i] >= gap) {
                segments.add(samples.subList(start, i + 1));
                start = i + 1;
            }
        }
        segments.add(samples.subList(start, samples.size()));
        return segments;
    }

    private static List<TimeSpan> after(List<TimeSpan> spans, double from) {
        List<TimeSpan> kept = new ArrayList<>();
        for (TimeSpan span : spans) {
            if (span.endS() >= from) {
                kept.add(span);
            }
        }
        return kept;
    }
}

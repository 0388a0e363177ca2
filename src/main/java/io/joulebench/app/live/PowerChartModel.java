package io.joulebench.app.live;

import java.util.ArrayList;
import java.util.List;

/** The power chart's data: one decimated trace per device, the measured windows and the ramps to shade. */
public record PowerChartModel(List<GpuTrace> traces, List<TimeSpan> windows, List<TimeSpan> ramps) {

    public static final PowerChartModel EMPTY = new PowerChartModel(List.of(), List.of(), List.of());

    public PowerChartModel {
        traces = List.copyOf(traces);
        windows = List.copyOf(windows);
        ramps = List.copyOf(ramps);
    }

    /** Each trace cut to at most {@code maxPoints}; spans kept only where they overlap the traces' time range. */
    public static PowerChartModel of(LiveSnapshot s, int maxPoints) {
        List<GpuTrace> traces = new ArrayList<>();
        double from = Double.POSITIVE_INFINITY;
        for (GpuTrace t : s.power()) {
            List<PowerPoint> points = Decimator.minMax(t.samples(), maxPoints);
            traces.add(new GpuTrace(t.device(), t.name(), points));
            if (!points.isEmpty()) {
                from = Math.min(from, points.get(0).tSeconds());
            }
        }
        return new PowerChartModel(traces, after(s.windowSpans(), from), after(s.rampSpans(), from));
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

package io.joulebench.core.energy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One time series from Prometheus: its labels (with {@code __name__}) and its raw samples in time order. Its
 * {@link #name()} is how results name the device it measures: the metric and every label, so a reader sees which
 * pod, node and GPU each figure is.
 */
record PrometheusSeries(Map<String, String> labels, List<Point> points) {

    /** A sample: Unix seconds (millisecond resolution in Prometheus) and the value. */
    record Point(double t, double v) {
    }

    PrometheusSeries {
        labels = new TreeMap<>(labels);
        points = List.copyOf(points);
    }

    /** {@code metric{label="value",…}}, labels sorted, as PromQL writes a selector. */
    String name() {
        String metric = labels.getOrDefault("__name__", "");
        return metric + labels.entrySet().stream().filter(e -> !e.getKey().equals("__name__"))
                .map(e -> e.getKey() + "=\"" + e.getValue().replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }

    /** The labels without the metric name: what identifies the series across queries. */
    Map<String, String> identity() {
        Map<String, String> m = new TreeMap<>(labels);
        m.remove("__name__");
        return m;
    }
}

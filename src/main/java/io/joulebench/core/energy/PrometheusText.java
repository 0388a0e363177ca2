package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, tolerant parser for the Prometheus text exposition format: {@code name{label="value",...} value
 * [timestamp]}. Comments, blank lines and lines it cannot read are skipped, never fatal.
 */
public final class PrometheusText {

    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {
        public Sample {
            labels = Map.copyOf(labels);
        }

        public String label(String key) {
            return labels.get(key);
        }
    }

    private PrometheusText() {
    }

    public static List<Sample> parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Sample s = parseLine(line);
            if (s != null) {
                samples.add(s);
            }
        }
        return samples;
    }

    /** The sample, or null when the line is not one. */
    static Sample parseLine(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && line.charAt(i) != '{' && !Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        String name = line.substring(0, i);
        if (name.isEmpty()) {
            return null;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < n && line.charAt(i) == '{') {
            i = parseLabels(line, i + 1, labels);
            if (i < 0) {
                return null;
            }
        }
        String[] rest = line.substring(i).strip().split("\\s+");
        if (rest.length == 0 || rest[0].isEmpty()) {
            return null;
        }
        Double value = parseValue(rest[0]);
        return value == null ? null : new Sample(name, labels, value);
    }

    /** Parses labels after '{'; returns the index after '}', or -1 when malformed. */
    private static int parseLabels(String line, int i, Map<String, String> labels) {
        int n = line.length();
        while (true) {
            while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == ',')) {
                i++;
            }
            if (i >= n) {
                return -1;
            }
            if (line.charAt(i) == '}') {
                return i + 1;
            }
            int eq = line.indexOf('=', i);
            if (eq < 0 || eq + 1 >= n || line.charAt(eq + 1) != '"') {
                return -1;
            }
            String key = line.substring(i, eq).strip();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            while (j < n && line.charAt(j) != '"') {
                char c = line.charAt(j);
                if (c == '\\' && j + 1 < n) {
                    char e = line.charAt(++j);
                    value.append(e == 'n' ? '\n' : e);
                } else {
                    value.append(c);
                }
                j++;
            }
            if (j >= n) {
                return -1;
            }
            labels.put(key, value.toString());
            i = j + 1;
        }
    }

    private static Double parseValue(String token) {
        return switch (token) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                try {
                    yield Double.parseDouble(token);
                } catch (NumberFormatException e) {
                    yield null;
                }
            }
        };
    }
}

package io.joulebench.core.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Labels configurations by what differs between them: {@code engine=sglang}, {@code max_num_seqs=256}. Each label
 * lists the settings whose values are not the same in every configuration, by their shortest unambiguous key
 * (the last path segment, more when two differing settings share it), at most {@value #MAX_PARTS} of them and
 * then {@code +N}. A setting left null reads {@code default}. Configurations that differ in nothing are labelled
 * by their results folder.
 */
public final class ConfigLabels {

    static final int MAX_PARTS = 3;
    static final String MISSING = "—";

    private ConfigLabels() {
    }

    /** A resolved config flattened to {@code a.b.c → value}, without {@link Configuration#EXCLUDED}. */
    public static Map<String, String> flatten(JsonNode config) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", config, out);
        Configuration.EXCLUDED.forEach(out::remove);
        return out;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node == null || node.isMissingNode()) {
            return;
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
                if (Configuration.EXCLUDED.contains(key)) {
                    continue;
                }
                flatten(key, e.getValue(), out);
            }
        } else if (node.isNull()) {
            out.put(prefix, "default");
        } else if (node.isValueNode()) {
            out.put(prefix, node.asText());
        } else {
            out.put(prefix, node.toString());
        }
    }

    /**
     * One label per configuration.
     *
     * @param settings  each configuration's flattened settings
     * @param fallbacks each configuration's name when nothing tells it apart (its results folder)
     */
    public static List<String> labels(List<Map<String, String>> settings, List<String> fallbacks) {
        int n = settings.size();
        Set<String> keys = new LinkedHashSet<>();
        settings.forEach(s -> keys.addAll(s.keySet()));
        List<String> differing = new ArrayList<>();
        for (String k : keys) {
            Set<String> values = new HashSet<>();
            settings.forEach(s -> values.add(s.getOrDefault(k, MISSING)));
            if (values.size() > 1) {
                differing.add(k);
            }
        }
        Map<String, String> shortNames = shortNames(differing);
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (differing.isEmpty()) {
                labels.add(fallbacks.get(i));
                continue;
            }
            List<String> parts = new ArrayList<>();
            for (String k : differing) {
                parts.add(shortNames.get(k) + "=" + settings.get(i).getOrDefault(k, MISSING));
            }
            String label = String.join(", ", parts.subList(0, Math.min(MAX_PARTS, parts.size())));
            if (parts.size() > MAX_PARTS) {
                label += " +" + (parts.size() - MAX_PARTS);
            }
            labels.add(label);
        }
        // Same label twice (identical settings in two folders, or cut off at MAX_PARTS): add the folder.
        for (int i = 0; i < n; i++) {
            String l = labels.get(i);
            long same = labels.stream().filter(x -> Objects.equals(x, l)).count();
            if (same > 1 && !differing.isEmpty()) {
                for (int j = 0; j < n; j++) {
                    if (labels.get(j).equals(l)) {
                        labels.set(j, l + " (" + fallbacks.get(j) + ")");
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            String l = labels.get(i);
            int k = 2;
            for (int j = i + 1; j < n; j++) {
                if (labels.get(j).equals(l)) {
                    labels.set(j, l + " #" + k++);
                }
            }
        }
        return labels;
    }

    /** The last path segment of each key, or more segments where two keys would share it. */
    static Map<String, String> shortNames(List<String> keys) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : keys) {
            String[] parts = k.split("\\.");
            for (int take = 1; take <= parts.length; take++) {
                String candidate = String.join(".", java.util.Arrays.copyOfRange(parts, parts.length - take,
                        parts.length));
                final int t = take;
                boolean clash = keys.stream().filter(o -> !o.equals(k)).anyMatch(o -> suffix(o, t).equals(candidate));
                if (!clash || take == parts.length) {
                    out.put(k, candidate);
                    break;
                }
            }
        }
        return out;
    }

    private static String suffix(String key, int take) {
        String[] parts = key.split("\\.");
        int from = Math.max(0, parts.length - take);
        return String.join(".", java.util.Arrays.copyOfRange(parts, from, parts.length));
    }
}

package io.joulebench.core.study;

import java.util.Collection;
import java.util.Locale;

/** "Did you mean …": the closest known key within edit distance 2, or one that starts with the other. */
final class KeySuggester {

    private KeySuggester() {
    }

    static String suggest(String given, Collection<String> known) {
        String g = given.toLowerCase(Locale.ROOT).replace('-', '_');
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            String c = candidate.toLowerCase(Locale.ROOT);
            int d = distance(g, c);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        if (best != null && bestDistance <= 2 && bestDistance < Math.max(g.length(), 2)) {
            return best;
        }
        for (String candidate : known) {
            String c = candidate.toLowerCase(Locale.ROOT);
            if (g.length() >= 3 && (c.startsWith(g) || g.startsWith(c))) {
                return candidate;
            }
        }
        return null;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}

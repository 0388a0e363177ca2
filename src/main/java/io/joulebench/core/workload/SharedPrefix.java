package io.joulebench.core.workload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code task.shared_prefix}: every request starts with one of {@code groups} system prompts of
 * {@code prefixTokens} tokens, then its own text. {@code assignment} chooses a request's group: in turn
 * ({@code round_robin}) or drawn from the task's seed ({@code seeded}).
 */
public record SharedPrefix(int groups, int prefixTokens, Assignment assignment) {

    /** How a request's group is chosen. */
    public enum Assignment {
        ROUND_ROBIN, SEEDED;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static List<String> wires() {
            return Arrays.stream(values()).map(Assignment::wire).toList();
        }

        public static Assignment fromWire(String wire) {
            return Arrays.stream(values()).filter(a -> a.wire().equals(wire)).findFirst().orElse(ROUND_ROBIN);
        }
    }

    public SharedPrefix {
        if (groups < 1 || prefixTokens < 1) {
            throw new IllegalArgumentException("groups and prefix_tokens must be >= 1, got " + groups + ", "
                    + prefixTokens);
        }
        assignment = assignment == null ? Assignment.ROUND_ROBIN : assignment;
    }

    /** The group of request {@code index} (0-based) under round robin. */
    public int roundRobinGroup(long index) {
        return (int) Math.floorMod(index, (long) groups);
    }

    /**
     * The share of prompt tokens a prefix cache can serve once warm, by design: each of the {@code n} requests'
     * first {@code prefixTokens} are shared, except the first request of each group, over the mean prompt length
     * {@code meanPromptTokens} (prefix included).
     */
    public double designCachedShare(double meanPromptTokens, long requests) {
        if (requests <= 0 || meanPromptTokens <= 0) {
            return 0;
        }
        double reused = (double) prefixTokens * Math.max(0, requests - Math.min(requests, groups));
        return Math.min(1, reused / (meanPromptTokens * requests));
    }
}

package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Canonical JSON (sorted keys, no spaces, numbers normalised so that 2 and 2.0 print the same) and the config hash
 * built on it: the first 16 hex characters of its SHA-256.
 */
public final class CanonicalJson {

    private CanonicalJson() {
    }

    public static String of(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        write(node, sb);
        return sb.toString();
    }

    /** First 16 hex characters of SHA-256 over the canonical JSON of {@code node}. */
    public static String hash(JsonNode node) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(of(node).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /**
     * Keys added after config hashes were first published, each null unless a study sets it: left out of the hash
     * while null, so a study that does not use them keeps the hash it had (its results folders still resume and
     * compare as the same configs). A later key of this kind joins the list.
     */
    private static final List<List<String>> LATER_KEYS_HASHED_ONLY_WHEN_SET = List.of(
            List.of("server", "capacity_search"),
            List.of("server", "traffic", "window_seconds_auto"),
            List.of("measurement", "device_groups"),
            List.of("reference", "prefix_cache_tokens"),
            List.of("reference", "kv_cache_tokens"));

    /**
     * The config hash of a resolved cell: {@code server.traffic.slo} and {@code measurement.attribution} are post-hoc
     * (an SLO overlay, a split of measured energy), not identity.
     */
    public static String configHash(ObjectNode resolvedCell) {
        ObjectNode copy = resolvedCell.deepCopy();
        JsonNode traffic = copy.path("server").path("traffic");
        if (traffic instanceof ObjectNode t) {
            t.remove("slo");
        }
        if (copy.path("measurement") instanceof ObjectNode m) {
            m.remove("attribution");
        }
        for (List<String> path : LATER_KEYS_HASHED_ONLY_WHEN_SET) {
            JsonNode parent = copy;
            for (String key : path.subList(0, path.size() - 1)) {
                parent = parent.path(key);
            }
            String last = path.getLast();
            if (parent instanceof ObjectNode p && p.has(last) && p.get(last).isNull()) {
                p.remove(last);
            }
        }
        return hash(copy);
    }

    /** A number as canonical text: integral values without a fraction, others in shortest round-trip form. */
    public static String number(JsonNode n) {
        if (n.isIntegralNumber()) {
            return n.bigIntegerValue().toString();
        }
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.toString(d);
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }

    private static void write(JsonNode node, StringBuilder sb) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            sb.append("null");
        } else if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            sb.append('{');
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(JsonNodeFactory.instance.textNode(names.get(i)).toString()).append(':');
                write(node.get(names.get(i)), sb);
            }
            sb.append('}');
        } else if (node.isArray()) {
            sb.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(node.get(i), sb);
            }
            sb.append(']');
        } else if (node.isNumber()) {
            sb.append(number(node));
        } else if (node.isBoolean()) {
            sb.append(node.booleanValue());
        } else {
            sb.append(node.toString());
        }
    }
}

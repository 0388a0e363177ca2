package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Writes a form edit into the user's YAML text where the value changed, so every comment, blank line and key order
 * elsewhere stays as the user wrote it. The text is composed with SnakeYAML (what Jackson's YAML reads with), whose
 * nodes carry their start and end marks; the old and new trees are compared key by key: a changed scalar has its
 * token replaced (a comment after it on its line stays), a removed key loses its lines, a new key is added after
 * its mapping's last one at the same indent, a changed flow list or mapping is rewritten in flow style where it stands
 * (number keys bare, as the user writes per-rate maps), and a changed block list as one entry. The
 * result is parsed again and used only when it reads as exactly the new tree; otherwise (anchors, an empty file,
 * anything unusual) the caller falls back to writing the whole tree.
 */
final class YamlSplice {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/][A-Za-z0-9_ ./:<>+-]*");
    private static final Pattern NUMBER_KEY = Pattern.compile("(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?");
    private static final Pattern RESERVED = Pattern.compile(
            "(?i)true|false|yes|no|on|off|null|~|y|n|\\.nan|\\.inf|[-+]?\\.inf");

    /** Nodes are the same value: numbers by value (10 read back is an int, the form's 10 a long). */
    private static final Comparator<JsonNode> SAME_VALUE = (a, b) -> a.isNumber() && b.isNumber()
            ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    private record Edit(int start, int end, String text) {
    }

    private YamlSplice() {
    }

    /** {@code text} with the difference between {@code before} and {@code after} spliced in; empty when it cannot be. */
    static Optional<String> apply(String text, ObjectNode before, ObjectNode after) {
        try {
            Node root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
            if (!(root instanceof MappingNode mapping) || mapping.getFlowStyle() == DumperOptions.FlowStyle.FLOW
                    || mapping.getValue().isEmpty()) {
                return Optional.empty();
            }
            Offsets at = new Offsets(text);
            List<Edit> edits = new ArrayList<>();
            diff(text, at, mapping, before, after, edits);
            edits.sort(Comparator.comparingInt(Edit::start).reversed());
            StringBuilder out = new StringBuilder(text);
            int floor = Integer.MAX_VALUE;
            for (Edit e : edits) {
                if (e.end() > floor) {
                    return Optional.empty(); // overlapping edits: not a case this handles
                }
                out.replace(e.start(), e.end(), e.text());
                floor = e.start();
            }
            String result = out.toString();
            return StudyYaml.read(result).filter(read -> read.equals(SAME_VALUE, after)).map(t -> result);
        } catch (RuntimeException e) {
            // Not composable (mid-edit text, an alias the marks cannot place): the caller rewrites the tree.
            return Optional.empty();
        }
    }

    private static void diff(String text, Offsets at, MappingNode node, ObjectNode before, ObjectNode after,
            List<Edit> edits) {
        int indent = node.getValue().get(0).getKeyNode().getStartMark().getColumn();
        for (NodeTuple tuple : node.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode keyNode)) {
                throw new IllegalStateException("complex key");
            }
            String key = keyNode.getValue();
            JsonNode was = before.get(key);
            JsonNode now = after.get(key);
            if (now == null) {
                edits.add(new Edit(at.lineStart(keyNode), at.tupleEnd(tuple), ""));
            } else if (!now.equals(was)) {
                Node value = tuple.getValueNode();
                if (value instanceof ScalarNode && now.isValueNode()) {
                    edits.add(new Edit(at.start(value), at.end(value), scalar(now)));
                } else if (value instanceof MappingNode m && m.getFlowStyle() != DumperOptions.FlowStyle.FLOW
                        && !m.getValue().isEmpty() && now instanceof ObjectNode n && was instanceof ObjectNode w) {
                    diff(text, at, m, w, n, edits);
                } else if (value instanceof org.yaml.snakeyaml.nodes.CollectionNode<?> c
                        && c.getFlowStyle() == DumperOptions.FlowStyle.FLOW) {
                    edits.add(new Edit(at.start(value), at.end(value), flow(now))); // the user's style stays
                } else {
                    edits.add(new Edit(at.lineStart(keyNode), at.tupleEnd(tuple), entry(indent, key, now)));
                }
            }
        }
        StringBuilder added = new StringBuilder();
        for (Map.Entry<String, JsonNode> e : after.properties()) {
            if (!hasKey(node, e.getKey())) {
                added.append(entry(indent, e.getKey(), e.getValue()));
            }
        }
        if (!added.isEmpty()) {
            int end = at.tupleEnd(node.getValue().get(node.getValue().size() - 1));
            boolean needsBreak = end > 0 && text.charAt(end - 1) != '\n';
            edits.add(new Edit(end, end, (needsBreak ? "\n" : "") + added));
        }
    }

    private static boolean hasKey(MappingNode node, String key) {
        return node.getValue().stream().anyMatch(t -> t.getKeyNode() instanceof ScalarNode s
                && s.getValue().equals(key));
    }

    /** {@code key: value} as block YAML at {@code indent}, one line per entry, ending in a line break. */
    static String entry(int indent, String key, JsonNode value) {
        String pad = " ".repeat(indent);
        StringBuilder out = new StringBuilder(pad).append(mapKey(key)).append(':');
        if (value instanceof ObjectNode o && !o.isEmpty()) {
            out.append('\n');
            o.properties().forEach(e -> out.append(entry(indent + 2, e.getKey(), e.getValue())));
            return out.toString();
        }
        return out.append(' ').append(flow(value)).append('\n').toString();
    }

    /** A value in flow style: {@code [2, 8, 32]}, {@code {a: 1}}, or a scalar. */
    static String flow(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(flow(v)));
            return "[" + String.join(", ", items) + "]";
        }
        if (value.isObject()) {
            List<String> items = new ArrayList<>();
            value.properties().forEach(e -> items.add(mapKey(e.getKey()) + ": " + flow(e.getValue())));
            return "{" + String.join(", ", items) + "}";
        }
        return scalar(value);
    }

    /** A scalar as YAML reads it back to the same node: numbers and booleans bare, text plain when safe. */
    static String scalar(JsonNode value) {
        if (value.isNull()) {
            return "null";
        }
        if (value.isNumber() || value.isBoolean()) {
            return value.asText();
        }
        return scalarKey(value.asText());
    }

    /** A mapping key: a plain number bare ({@code 16: 20}, as per-rate maps are written), else {@link #scalarKey}. */
    private static String mapKey(String s) {
        return NUMBER_KEY.matcher(s).matches() ? s : scalarKey(s);
    }

    private static String scalarKey(String s) {
        if (PLAIN.matcher(s).matches() && !RESERVED.matcher(s).matches() && !s.endsWith(" ") && !s.contains(": ")
                && !s.contains(" #")) {
            return s;
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }

    /** SnakeYAML's marks count code points; the text is indexed in chars. */
    private static final class Offsets {
        private final String text;

        Offsets(String text) {
            this.text = text;
        }

        int start(Node n) {
            return chars(n.getStartMark().getIndex());
        }

        int end(Node n) {
            return chars(n.getEndMark().getIndex());
        }

        int lineStart(Node n) {
            int i = start(n);
            while (i > 0 && text.charAt(i - 1) != '\n') {
                i--;
            }
            return i;
        }

        /** Past the tuple's last line: its value's end, moved to the next line start unless it is at one already. */
        int tupleEnd(NodeTuple tuple) {
            int i = end(tuple.getValueNode());
            if (i > 0 && text.charAt(i - 1) == '\n') {
                return i;
            }
            // A block collection ends where the next token starts (after its own trailing lines): keep that line.
            if (!(tuple.getValueNode() instanceof ScalarNode) && lineOnlyIndent(i)) {
                while (i > 0 && text.charAt(i - 1) != '\n') {
                    i--;
                }
                return i;
            }
            while (i < text.length() && text.charAt(i) != '\n') {
                i++;
            }
            return Math.min(text.length(), i + 1);
        }

        private boolean lineOnlyIndent(int i) {
            for (int k = i - 1; k >= 0 && text.charAt(k) != '\n'; k--) {
                if (text.charAt(k) != ' ') {
                    return false;
                }
            }
            return true;
        }

        private int chars(int codePoints) {
            return text.offsetByCodePoints(0, Math.min(codePoints, text.codePointCount(0, text.length())));
        }
    }
}

package io.joulebench.core.workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * In-test tokenizers with known counting rules: {@link Rule#REFERENCE} counts as the reference engine's
 * {@code io.joulebench.engine.Tokenizer.count} does (letter/digit runs one token per started 8 characters, other
 * non-space characters one each, whitespace nothing; whitespace rides on the next token), {@link Rule#BYTES} is one
 * token per UTF-8 byte, like a byte-level model (a cut inside a character detokenizes to U+FFFD).
 */
class RuleTokenizer implements PromptTokenizer {

    enum Rule { REFERENCE, BYTES }

    private final Rule rule;
    private final Map<String, Integer> vocabulary = new HashMap<>();
    private final List<String> pieces = new ArrayList<>();
    int calls;

    RuleTokenizer(Rule rule) {
        this.rule = rule;
    }

    @Override
    public synchronized int[] tokenize(String text) {
        calls++;
        if (rule == Rule.BYTES) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            int[] ids = new int[bytes.length];
            for (int i = 0; i < bytes.length; i++) {
                ids[i] = bytes[i] & 0xff;
            }
            return ids;
        }
        return referencePieces(text).stream().mapToInt(p -> vocabulary.computeIfAbsent(p, k -> {
            pieces.add(k);
            return pieces.size() - 1;
        })).toArray();
    }

    @Override
    public synchronized String detokenize(int[] ids) {
        calls++;
        if (rule == Rule.BYTES) {
            byte[] bytes = new byte[ids.length];
            for (int i = 0; i < ids.length; i++) {
                bytes[i] = (byte) ids[i];
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
        StringBuilder text = new StringBuilder();
        for (int id : ids) {
            text.append(pieces.get(id));
        }
        return text.toString();
    }

    /** The pieces of {@code text} by the reference engine's rule, each with the whitespace before it. */
    static List<String> referencePieces(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                int j = i;
                while (j < text.length() && Character.isLetterOrDigit(text.charAt(j))) {
                    j++;
                }
                for (int s = i; s < j; s += 8) {
                    out.add(pending + text.substring(s, Math.min(s + 8, j)));
                    pending.setLength(0);
                }
                i = j;
            } else if (Character.isWhitespace(c)) {
                pending.append(c);
                i++;
            } else {
                int end = i + 1;
                if (Character.isHighSurrogate(c) && end < text.length() && Character.isLowSurrogate(text.charAt(end))) {
                    end++;
                }
                out.add(pending + text.substring(i, end));
                pending.setLength(0);
                i = end;
            }
        }
        if (pending.length() > 0 && !out.isEmpty()) {
            out.set(out.size() - 1, out.getLast() + pending);
        }
        return out;
    }

    @Override
    public String label() {
        return "test " + rule;
    }

    @Override
    public boolean estimate() {
        return false;
    }
}

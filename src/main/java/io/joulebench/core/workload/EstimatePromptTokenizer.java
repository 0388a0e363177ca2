package io.joulebench.core.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The labelled client-side estimate for engines with no tokenizer endpoint: one token per
 * {@value #CHARS_PER_TOKEN} characters (the one owner of that rule; {@code session.PromptTruncation} uses it), a
 * character pair
 * (surrogates) never split. An id names a distinct chunk of text; the table grows with the distinct chunks of the
 * corpus and the prompts tokenized, which a prompt builder bounds by tokenizing its corpus once.
 */
public final class EstimatePromptTokenizer implements PromptTokenizer {

    /** Characters per token, the usual figure for English text under BPE tokenizers. */
    public static final int CHARS_PER_TOKEN = 4;
    /** What a figure counted by this estimate is labelled. */
    public static final String LABEL = "client-side estimate, " + CHARS_PER_TOKEN + " characters per token";

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> chunks = new ArrayList<>();

    @Override
    public synchronized int[] tokenize(String text) {
        int[] out = new int[text.length() / CHARS_PER_TOKEN + 1];
        int n = 0;
        int start = 0;
        while (start < text.length()) {
            int end = chunkEnd(text, start);
            String chunk = text.substring(start, end);
            Integer id = ids.get(chunk);
            if (id == null) {
                id = chunks.size();
                chunks.add(chunk);
                ids.put(chunk, id);
            }
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = id;
            start = end;
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** As many as {@link #tokenize} gives, by arithmetic alone: no text or ids are made. */
    @Override
    public int count(String text) {
        int n = 0;
        for (int start = 0; start < text.length(); start = chunkEnd(text, start)) {
            n++;
        }
        return n;
    }

    /** Where the chunk starting at {@code start} ends: {@value #CHARS_PER_TOKEN} chars, a surrogate pair kept whole. */
    private static int chunkEnd(String text, int start) {
        int end = Math.min(text.length(), start + CHARS_PER_TOKEN);
        if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1)) && end - 1 > start) {
            end--;
        }
        return end;
    }

    @Override
    public synchronized String detokenize(int[] tokenIds) {
        StringBuilder text = new StringBuilder(tokenIds.length * CHARS_PER_TOKEN);
        for (int id : tokenIds) {
            if (id < 0 || id >= chunks.size()) {
                throw new IllegalArgumentException("token " + id + " was never produced by this estimate");
            }
            text.append(chunks.get(id));
        }
        return text.toString();
    }

    @Override
    public String label() {
        return LABEL;
    }

    @Override
    public boolean estimate() {
        return true;
    }
}

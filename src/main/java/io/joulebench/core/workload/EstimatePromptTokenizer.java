package io.joulebench.core.workload;

import java.util.ArrayList;
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
        List<Integer> out = new ArrayList<>(text.length() / CHARS_PER_TOKEN + 1);
        int start = 0;
        while (start < text.length()) {
            int end = Math.min(text.length(), start + CHARS_PER_TOKEN);
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1)) && end - 1 > start) {
                end--;
            }
            String chunk = text.substring(start, end);
            out.add(ids.computeIfAbsent(chunk, c -> {
                chunks.add(c);
                return chunks.size() - 1;
            }));
            start = end;
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public synchronized String detokenize(int[] tokenIds) {
        StringBuilder text = new StringBuilder();
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

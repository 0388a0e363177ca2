package io.joulebench.core.session;

import io.joulebench.core.server.ServerTokenizer;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code task.max_input_tokens} to the prompts of a session (docs/studies.md, "Prompt length"): each prompt
 * longer than the limit keeps its first {@code max_input_tokens} tokens, as upstream's tokenizer truncation does.
 * Tokens are the server's own where it offers a tokenizer ({@link ServerTokenizer}); elsewhere the
 * {@link Rule#CLIENT_ESTIMATE client-side estimate} of {@value #CHARS_PER_TOKEN} characters per token is used, and
 * the outcome says so. A prompt whose UTF-8 length is at most the limit cannot be longer in tokens for any
 * tokenizer with byte fallback, so it is never sent to the tokenizer.
 */
public final class PromptTruncation {

    private static final Logger LOG = LoggerFactory.getLogger(PromptTruncation.class);
    /** The client-side estimate: characters per token ({@link EstimatePromptTokenizer} owns the rule). */
    public static final int CHARS_PER_TOKEN = EstimatePromptTokenizer.CHARS_PER_TOKEN;

    /** Which rule counted the tokens. */
    public enum Rule {
        /** Every prompt was short enough by its byte length alone. */
        NOT_NEEDED("not needed"),
        /** The server's tokenizer ({@code /tokenize}). */
        SERVER_TOKENIZER("server tokenizer"),
        /** {@value #CHARS_PER_TOKEN} characters per token, an estimate. */
        CLIENT_ESTIMATE(EstimatePromptTokenizer.LABEL);

        private final String label;

        Rule(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The prompts to send, the rule that fitted them, how many were cut, and why the server was not asked. */
    public record Outcome(List<String> prompts, Rule rule, int truncated, String fallbackReason) {

        public String summary(int maxInputTokens) {
            String base = truncated + " of " + prompts.size() + " prompt(s) cut to " + maxInputTokens
                    + " input tokens (" + rule.label() + ")";
            return fallbackReason == null ? base : base + "; the server's tokenizer was not used: " + fallbackReason;
        }
    }

    private PromptTruncation() {
    }

    /**
     * @param tokenizer the server's tokenizer, or null when the engine has none; on its first failure the rest fall
     *                  back to the estimate
     */
    public static Outcome apply(List<String> prompts, int maxInputTokens, ServerTokenizer tokenizer)
            throws InterruptedException {
        Map<String, String> fitted = new LinkedHashMap<>();
        Rule rule = Rule.NOT_NEEDED;
        String fallback = tokenizer == null ? "the engine offers no tokenizer endpoint Joulebench knows" : null;
        int truncated = 0;
        List<String> out = new ArrayList<>(prompts.size());
        for (String prompt : prompts) {
            String cut = fitted.get(prompt);
            if (cut == null) {
                if (prompt.getBytes(StandardCharsets.UTF_8).length <= maxInputTokens) {
                    cut = prompt;
                } else if (tokenizer != null && fallback == null) {
                    try {
                        cut = tokenizer.fit(prompt, maxInputTokens).text();
                        rule = Rule.SERVER_TOKENIZER;
                    } catch (ServerTokenizer.Unavailable e) {
                        fallback = e.getMessage();
                        LOG.warn("the server's tokenizer is unavailable ({}); prompts are cut by the client-side "
                                + "estimate of {} characters per token", e.getMessage(), CHARS_PER_TOKEN);
                    }
                }
                if (cut == null) {
                    cut = estimate(prompt, maxInputTokens);
                    if (!cut.equals(prompt)) {
                        rule = Rule.CLIENT_ESTIMATE;
                    }
                }
                fitted.put(prompt, cut);
            }
            if (!cut.equals(prompt)) {
                truncated++;
            }
            out.add(cut);
        }
        if (rule == Rule.NOT_NEEDED && truncated == 0) {
            fallback = null;
        }
        return new Outcome(List.copyOf(out), rule, truncated, fallback);
    }

    /** The first {@code maxTokens × }{@value #CHARS_PER_TOKEN} characters, never splitting a surrogate pair. */
    static String estimate(String prompt, int maxTokens) {
        long limit = (long) maxTokens * CHARS_PER_TOKEN;
        if (prompt.length() <= limit) {
            return prompt;
        }
        int end = (int) limit;
        if (Character.isHighSurrogate(prompt.charAt(end - 1))) {
            end--;
        }
        return prompt.substring(0, end);
    }

    /**
     * A prompt cut to at most {@code maxTokens} UTF-8 bytes (whole code points), which no tokenizer with byte
     * fallback counts as more than {@code maxTokens} tokens: safe to send before the server's tokenizer can be
     * asked, as the readiness probe is.
     */
    public static String certainlyFits(String prompt, int maxTokens) {
        byte[] bytes = prompt.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxTokens) {
            return prompt;
        }
        int end = 0;
        int used = 0;
        while (end < prompt.length()) {
            int cp = prompt.codePointAt(end);
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (used + size > maxTokens) {
                break;
            }
            used += size;
            end += Character.charCount(cp);
        }
        return prompt.substring(0, end);
    }
}

package io.joulebench.engine;

import io.joulebench.core.traffic.CompletionResult;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAI-compatible bodies of one request, as vLLM shapes them: a completion chunk carries
 * {@code choices[0].text}, a chat chunk {@code choices[0].delta.content} (with the role on the first one); the last
 * token's chunk carries the finish reason; the usage chunk has empty choices.
 */
final class ChunkFormat {

    private final boolean chat;
    private final String head;

    ChunkFormat(boolean chat, long index, long created, String model) {
        this.chat = chat;
        StringBuilder b = new StringBuilder(96).append("{\"id\":\"").append(chat ? "chatcmpl-" : "cmpl-")
                .append(index).append("\",\"object\":\"")
                .append(chat ? "chat.completion.chunk" : "text_completion")
                .append("\",\"created\":").append(created).append(",\"model\":");
        Json.appendQuoted(b, model);
        this.head = b.toString();
    }

    /** One SSE event for token {@code ordinal}; {@code finishReason} is null except on the last token. */
    void appendTokenEvent(StringBuilder b, String text, int ordinal, String finishReason) {
        b.append("data: ").append(head).append(",\"choices\":[{\"index\":0,");
        appendChoice(b, "delta", ordinal == 0, text, finishReason);
        b.append("}]}\n\n");
    }

    void appendUsageEvent(StringBuilder b, int promptTokens, int cachedTokens, int completionTokens,
                          Double trueEnergyJ) {
        b.append("data: ").append(head).append(",\"choices\":[],");
        appendUsage(b, promptTokens, cachedTokens, completionTokens, trueEnergyJ);
        b.append("}\n\n");
    }

    /** A deliberately truncated event (the malformed-SSE fault). */
    void appendMalformedEvent(StringBuilder b) {
        b.append("data: ").append(head).append(",\"choices\":[{\"index\":0,\"te\n\n");
    }

    static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);

    /** The non-streamed response. */
    String complete(String text, String finishReason, int promptTokens, int cachedTokens, int completionTokens,
                    Double trueEnergyJ) {
        StringBuilder b = new StringBuilder(head.length() + text.length() + 160);
        b.append(chat ? head.replace("\"chat.completion.chunk\"", "\"chat.completion\"") : head)
                .append(",\"choices\":[{\"index\":0,");
        appendChoice(b, "message", true, text, finishReason);
        b.append("}],");
        appendUsage(b, promptTokens, cachedTokens, completionTokens, trueEnergyJ);
        return b.append('}').toString();
    }

    /**
     * A choice's body: its {@code text} (for chat, the content under {@code chatField}, with the assistant role when
     * {@code withRole}), logprobs and finish reason.
     */
    private void appendChoice(StringBuilder b, String chatField, boolean withRole, String text, String finishReason) {
        if (chat) {
            b.append('"').append(chatField).append("\":{");
            if (withRole) {
                b.append("\"role\":\"assistant\",");
            }
            b.append("\"content\":");
            Json.appendQuoted(b, text);
            b.append('}');
        } else {
            b.append("\"text\":");
            Json.appendQuoted(b, text);
        }
        b.append(",\"logprobs\":null,\"finish_reason\":");
        appendReason(b, finishReason);
    }

    private static void appendReason(StringBuilder b, String reason) {
        if (reason == null) {
            b.append("null");
        } else {
            b.append('"').append(reason).append('"');
        }
    }

    /**
     * The usage object with {@code prompt_tokens_details.cached_tokens} (the prefix cache's share of the prompt);
     * {@code joulebench_true_energy_j} (simulated ground truth) only when known.
     */
    private static void appendUsage(StringBuilder b, int prompt, int cached, int completion, Double trueEnergyJ) {
        b.append("\"usage\":{\"prompt_tokens\":").append(prompt).append(",\"completion_tokens\":")
                .append(completion).append(",\"total_tokens\":").append(prompt + completion)
                .append(",\"prompt_tokens_details\":{\"cached_tokens\":").append(cached).append('}');
        if (trueEnergyJ != null) {
            b.append(",\"").append(CompletionResult.TRUE_ENERGY_FIELD).append("\":").append(trueEnergyJ);
        }
        b.append('}');
    }
}

package io.joulebench.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * A validated completion or chat-completion request. Anything the engine cannot serve is an {@link ApiError} 400
 * naming the field. The model name is not checked: any string is served by the one simulated model.
 *
 * @param maxTokens   null when the request gave none
 * @param ignoreEos   generate exactly {@code max_tokens} (no early stop)
 * @param minTokens   the fewest tokens to generate before an early stop; null when the request gave none
 * @param blockHashes the prompt's full blocks for the prefix cache ({@link PrefixCache#blockHashes})
 */
record CompletionRequest(boolean chat, int promptTokens, Integer maxTokens, boolean stream, boolean includeUsage,
                         boolean ignoreEos, Integer minTokens, long[] blockHashes) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static CompletionRequest parse(byte[] body, boolean chat, EngineProfile profile) {
        JsonNode root;
        try {
            root = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new ApiError(400, "request body is not valid JSON");
        } catch (IOException e) {
            throw new ApiError(400, "request body could not be read");
        }
        if (root == null || !root.isObject()) {
            throw new ApiError(400, "request body must be a JSON object");
        }
        PromptIds ids = new PromptIds();
        if (chat) {
            chatPromptIds(root.get("messages"), ids);
        } else {
            promptIds(root.get("prompt"), ids);
        }
        int prompt = ids.size();
        Integer maxTokens = positiveInt(root, chat && present(root.get("max_completion_tokens"))
                ? "max_completion_tokens" : "max_tokens");
        boolean ignoreEos = bool(root, "ignore_eos");
        Integer minTokens = nonNegativeInt(root, "min_tokens");
        if (minTokens != null && maxTokens != null && minTokens > maxTokens) {
            throw new ApiError(400, "min_tokens (" + minTokens + ") must be ≤ max_tokens (" + maxTokens + ")",
                    "min_tokens");
        }
        boolean stream = bool(root, "stream");
        boolean includeUsage = false;
        JsonNode options = root.get("stream_options");
        if (present(options)) {
            if (!options.isObject()) {
                throw new ApiError(400, "stream_options must be an object", "stream_options");
            }
            includeUsage = bool(options, "include_usage");
        }
        JsonNode model = root.get("model");
        if (present(model) && !model.isTextual()) {
            throw new ApiError(400, "model must be a string", "model");
        }
        JsonNode n = root.get("n");
        if (present(n) && !(n.isIntegralNumber() && n.asLong() == 1)) {
            throw new ApiError(400, "only n=1 is supported", "n");
        }
        if (prompt >= profile.maxModelLen()) {
            throw new ApiError(400, "prompt has " + prompt + " tokens; this model's maximum context length is "
                    + profile.maxModelLen(), chat ? "messages" : "prompt");
        }
        if (maxTokens != null && (long) prompt + maxTokens > profile.maxModelLen()) {
            throw new ApiError(400, "prompt (" + prompt + " tokens) + max_tokens (" + maxTokens
                    + ") exceeds this model's maximum context length " + profile.maxModelLen(), "max_tokens");
        }
        return new CompletionRequest(chat, prompt, maxTokens, stream, includeUsage, ignoreEos, minTokens,
                PrefixCache.blockHashes(ids.toArray()));
    }

    private static void promptIds(JsonNode prompt, PromptIds ids) {
        if (!present(prompt)) {
            throw new ApiError(400, "prompt is required", "prompt");
        }
        if (prompt.isTextual()) {
            ids.addText(prompt.textValue());
            return;
        }
        if (prompt.isArray() && prompt.size() == 1 && prompt.get(0).isTextual()) {
            ids.addText(prompt.get(0).textValue());
            return;
        }
        if (prompt.isArray() && !prompt.isEmpty()) {
            for (JsonNode id : prompt) {
                if (!id.isIntegralNumber() || id.asLong() < 0) {
                    throw new ApiError(400, "prompt must be a string, a one-string list or a list of token ids",
                            "prompt");
                }
            }
            for (JsonNode id : prompt) {
                ids.add((int) id.asLong());
            }
            return;
        }
        throw new ApiError(400, "prompt must be a string, a one-string list or a list of token ids", "prompt");
    }

    /** Each message: tokens of its role + tokens of its text + 2; plus 1 to open the assistant turn. */
    private static void chatPromptIds(JsonNode messages, PromptIds ids) {
        if (!present(messages)) {
            throw new ApiError(400, "messages is required", "messages");
        }
        if (!messages.isArray() || messages.isEmpty()) {
            throw new ApiError(400, "messages must be a non-empty list", "messages");
        }
        for (JsonNode m : messages) {
            JsonNode role = m.get("role");
            if (!m.isObject() || role == null || !role.isTextual()) {
                throw new ApiError(400, "each message needs a string role", "messages");
            }
            ids.add(PromptIds.MESSAGE_START);
            ids.addText(role.textValue());
            contentIds(m.get("content"), ids);
            ids.add(PromptIds.MESSAGE_END);
        }
        ids.add(PromptIds.ASSISTANT_TURN);
    }

    private static void contentIds(JsonNode content, PromptIds ids) {
        if (content == null || content.isNull()) {
            return;
        }
        if (content.isTextual()) {
            ids.addText(content.textValue());
            return;
        }
        if (content.isArray()) {
            for (JsonNode part : content) {
                JsonNode text = part.get("text");
                if (!part.isObject() || text == null || !text.isTextual()) {
                    throw new ApiError(400, "message content parts must be objects with a string text", "messages");
                }
            }
            for (JsonNode part : content) {
                ids.addText(part.get("text").textValue());
            }
            return;
        }
        throw new ApiError(400, "message content must be a string or a list of text parts", "messages");
    }

    private static Integer positiveInt(JsonNode root, String field) {
        return intAtLeast(root, field, 1, " must be a positive integer");
    }

    private static Integer nonNegativeInt(JsonNode root, String field) {
        return intAtLeast(root, field, 0, " must be an integer ≥ 0");
    }

    /** The field's int value when present; a 400 naming the field when it is not an integer ≥ {@code min}. */
    private static Integer intAtLeast(JsonNode root, String field, int min, String problem) {
        JsonNode v = root.get(field);
        if (!present(v)) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < min) {
            throw new ApiError(400, field + problem, field);
        }
        return v.intValue();
    }

    private static boolean bool(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (!present(v)) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new ApiError(400, field + " must be a boolean", field);
        }
        return v.booleanValue();
    }

    private static boolean present(JsonNode v) {
        return v != null && !v.isNull();
    }
}

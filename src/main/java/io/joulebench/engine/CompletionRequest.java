package io.joulebench.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * A validated completion or chat-completion request. Anything the engine cannot serve is an {@link ApiError} 400
 * naming the field. The model name is not checked: any string is served by the one simulated model.
 *
 * @param maxTokens null when the request gave none
 */
record CompletionRequest(boolean chat, int promptTokens, Integer maxTokens, boolean stream, boolean includeUsage) {

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
        int prompt = chat ? chatPromptTokens(root.get("messages")) : promptTokens(root.get("prompt"));
        Integer maxTokens = positiveInt(root, chat && present(root.get("max_completion_tokens"))
                ? "max_completion_tokens" : "max_tokens");
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
        return new CompletionRequest(chat, prompt, maxTokens, stream, includeUsage);
    }

    private static int promptTokens(JsonNode prompt) {
        if (!present(prompt)) {
            throw new ApiError(400, "prompt is required", "prompt");
        }
        if (prompt.isTextual()) {
            return Tokenizer.count(prompt.textValue());
        }
        if (prompt.isArray() && prompt.size() == 1 && prompt.get(0).isTextual()) {
            return Tokenizer.count(prompt.get(0).textValue());
        }
        if (prompt.isArray() && !prompt.isEmpty()) {
            for (JsonNode id : prompt) {
                if (!id.isIntegralNumber() || id.asLong() < 0) {
                    throw new ApiError(400, "prompt must be a string, a one-string list or a list of token ids",
                            "prompt");
                }
            }
            return prompt.size();
        }
        throw new ApiError(400, "prompt must be a string, a one-string list or a list of token ids", "prompt");
    }

    /** Each message: tokens of its role + tokens of its text + 2; plus 1 to open the assistant turn. */
    private static int chatPromptTokens(JsonNode messages) {
        if (!present(messages)) {
            throw new ApiError(400, "messages is required", "messages");
        }
        if (!messages.isArray() || messages.isEmpty()) {
            throw new ApiError(400, "messages must be a non-empty list", "messages");
        }
        int tokens = 1;
        for (JsonNode m : messages) {
            JsonNode role = m.get("role");
            if (!m.isObject() || role == null || !role.isTextual()) {
                throw new ApiError(400, "each message needs a string role", "messages");
            }
            tokens += Tokenizer.count(role.textValue()) + contentTokens(m.get("content")) + 2;
        }
        return tokens;
    }

    private static int contentTokens(JsonNode content) {
        if (content == null || content.isNull()) {
            return 0;
        }
        if (content.isTextual()) {
            return Tokenizer.count(content.textValue());
        }
        if (content.isArray()) {
            int tokens = 0;
            for (JsonNode part : content) {
                JsonNode text = part.get("text");
                if (!part.isObject() || text == null || !text.isTextual()) {
                    throw new ApiError(400, "message content parts must be objects with a string text", "messages");
                }
                tokens += Tokenizer.count(text.textValue());
            }
            return tokens;
        }
        throw new ApiError(400, "message content must be a string or a list of text parts", "messages");
    }

    private static Integer positiveInt(JsonNode root, String field) {
        JsonNode v = root.get(field);
        if (!present(v)) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() <= 0) {
            throw new ApiError(400, field + " must be a positive integer", field);
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
